-- Core extensions and helpers shared by every later migration.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Time-ordered identifiers (ULID layout: 48-bit millisecond time, then 80 random bits) stored as uuid,
-- so primary-key indexes stay append-mostly like upstream's generate_ulid().
CREATE OR REPLACE FUNCTION generate_ulid() RETURNS uuid
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  ts bytea := substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3);
BEGIN
  RETURN encode(ts || substring(decode(md5(random()::text || clock_timestamp()::text), 'hex') FROM 1 FOR 10), 'hex')::uuid;
END $$;
