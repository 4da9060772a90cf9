-- Passwords embedded in connection URLs (postgres://user:pass@host/db, user:pass@tcp(host)/db,
-- host=… password=…) are secrets like the password column (issue 11, item 10). The server stores such a
-- URL encrypted (mcenc:v1:…) and answers it masked; at start-up it encrypts the rows stored before this
-- migration (connectionsService.sealEmbeddedPasswords), which SQL cannot do without the key.

-- Refuse a plaintext password in url as well, whichever path writes it. Notification types keep their
-- built provider URL encrypted already.
CREATE OR REPLACE FUNCTION connections_refuse_plaintext() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.password IS NOT NULL AND NEW.password <> ''
     AND NEW.password !~ '^(mcenc:v[0-9]+:|secret://|configmap://)' THEN
    RAISE EXCEPTION 'connections.password must be encrypted; write connections through /api/connections'
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.certificate IS NOT NULL AND NEW.certificate <> ''
     AND NEW.certificate !~ '^(mcenc:v[0-9]+:|secret://|configmap://)' THEN
    RAISE EXCEPTION 'connections.certificate must be encrypted; write connections through /api/connections'
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.url IS NOT NULL AND NEW.url !~ '^(mcenc:v[0-9]+:|secret://|configmap://)'
     AND (NEW.url ~* '^[a-z][a-z0-9+.-]*://[^/?#:@]*:[^/?#]+@'
          OR NEW.url ~ '^[^@/:]*:[^@/]+@(tcp|unix)\('
          OR NEW.url ~* '\mpassword\s*=\s*[^\s''&]') THEN
    RAISE EXCEPTION 'a password in connections.url must be encrypted; write connections through /api/connections'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

-- Audit rows written before: mask URL passwords in their recorded values (they showed them in clear).
UPDATE audit_log
SET changes = regexp_replace(
      regexp_replace(changes::text, '(://[^/?#:@"\s\\]*:)[^/?#@"\s\\]+@', '\1********@', 'g'),
      '(password\s*=\s*)[^\s"''\\]+', '\1********', 'gi')::jsonb
WHERE changes::text ~ '://[^/?#:@"\s\\]*:[^/?#@"\s\\]+@' OR changes::text ~* 'password\s*=\s*[^\s"''\\]';
