/** What the reset needs of a connection: node-postgres' client and PGlite both answer it. */
export interface Queryable {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * What a freshly migrated test database holds beyond its schema: the rows the migrations seed and every
 * sequence's position, taken once from a fresh database so a used one can be put back to it.
 */
export interface DatabaseBaseline {
  /** The schema's fingerprint (see {@link SCHEMA_FINGERPRINT}); a used database that differs is not reused. */
  fingerprint: string;
  /** Every table and partitioned table of the migrated schema, quoted, for one TRUNCATE. */
  tables: string[];
  /**
   * Rows of the plain tables the migrations filled: the table, its insertable columns (quoted), its rows as
   * JSON and their checksum ({@link rowsChecksum}).
   */
  seeds: { table: string; columns: string[]; rows: string; checksum: string }[];
  /** Every sequence (quoted) with its position. */
  sequences: { name: string; last: string; called: boolean }[];
}

/** Schemas that are PostgreSQL's own or a session's temporary ones. */
const SYSTEM_SCHEMA = `(n.nspname IN ('pg_catalog', 'information_schema', 'pg_toast') OR n.nspname LIKE 'pg_temp_%' OR n.nspname LIKE 'pg_toast_temp_%')`;

/**
 * One hash over the catalog a test could change: relations (with their options, grants and row security),
 * columns, defaults, constraints, indexes, triggers (and whether enabled), rules, policies, functions
 * (with their bodies), types, schemas, extensions, roles and their memberships, and the database's
 * settings. Temporary schemas are left out (a closed session's temp tables go with it). A test that
 * creates a table, alters a column or replaces a function changes it, and its database is dropped
 * instead of reused.
 */
const SCHEMA_FINGERPRINT = `
  WITH user_rel AS (
    SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT ${SYSTEM_SCHEMA}
  )
  SELECT md5(string_agg(item, E'\\n' ORDER BY item)) AS fingerprint FROM (
    SELECT format('class %s %s %s %s %s %s %s', c.oid, c.relname, c.relkind, c.relnamespace, c.reloptions,
      c.relacl, c.relrowsecurity) FROM pg_class c WHERE c.oid IN (SELECT oid FROM user_rel)
    UNION ALL SELECT format('att %s %s %s %s %s %s', attrelid, attnum, attname, atttypid, attnotnull, attisdropped)
      FROM pg_attribute WHERE attrelid IN (SELECT oid FROM user_rel) AND attnum > 0
    UNION ALL SELECT format('def %s %s %s', oid, adrelid, adnum) FROM pg_attrdef
    UNION ALL SELECT format('con %s %s %s', oid, conname, conrelid) FROM pg_constraint
    UNION ALL SELECT format('idx %s %s', indexrelid, indrelid) FROM pg_index
    UNION ALL SELECT format('trg %s %s %s', oid, tgname, tgenabled) FROM pg_trigger
    UNION ALL SELECT format('rule %s %s', oid, rulename) FROM pg_rewrite
    UNION ALL SELECT format('pol %s %s', oid, polname) FROM pg_policy
    UNION ALL SELECT format('proc %s %s %s %s', oid, proname, md5(coalesce(prosrc, '')), proacl) FROM pg_proc
    UNION ALL SELECT format('type %s %s', oid, typname) FROM pg_type
    UNION ALL SELECT format('nsp %s %s %s', n.oid, n.nspname, n.nspacl) FROM pg_namespace n WHERE NOT ${SYSTEM_SCHEMA}
    UNION ALL SELECT format('ext %s %s', oid, extname) FROM pg_extension
    UNION ALL SELECT format('role %s %s %s', oid, rolname, rolsuper) FROM pg_roles
    UNION ALL SELECT format('member %s %s', roleid, member) FROM pg_auth_members
    UNION ALL SELECT format('setting %s %s', setrole, setconfig) FROM pg_db_role_setting
      WHERE setdatabase IN (0, (SELECT oid FROM pg_database WHERE datname = current_database()))
  ) AS catalog(item)`;

/** SQL of a checksum over every row of the table aliased `alias`, whatever their physical order. */
function rowsChecksum(alias: string): string {
  return `md5(coalesce(string_agg(row_to_json(${alias})::text, E'\\n' ORDER BY row_to_json(${alias})::text), ''))`;
}

/**
 * The tables a test changed: every table holding a row but the seeded ones, and the seeded ones whose rows
 * differ from the baseline's. One statement; an empty table costs a probe of its first page.
 */
async function changedTables(client: Queryable, baseline: DatabaseBaseline): Promise<string[]> {
  const seeded = new Map(baseline.seeds.map((seed) => [seed.table, seed.checksum]));
  const probes = baseline.tables.map((table, index) => {
    const checksum = seeded.get(table);
    return checksum === undefined
      ? `SELECT ${index} AS i WHERE EXISTS (SELECT 1 FROM ONLY ${table})`
      : `SELECT ${index} AS i FROM (SELECT ${rowsChecksum('t')} AS c FROM ONLY ${table} AS t) AS s WHERE c <> '${checksum}'`;
  });
  if (probes.length === 0) return [];
  const { rows } = await client.query<{ i: number }>(probes.join('\nUNION ALL\n'));
  return rows.map((row) => baseline.tables[row.i] as string);
}

/** The schema's fingerprint as the connection sees it. */
async function fingerprintOf(client: Queryable): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  return rows[0]?.fingerprint ?? '';
}

/** Reads the baseline of a database that was just migrated (or restored from its migrated copy). */
export async function readBaseline(client: Queryable): Promise<DatabaseBaseline> {
  const relations = await client.query<{ name: string; kind: string; columns: string[] | null }>(
    `SELECT c.oid::regclass::text AS name, c.relkind AS kind,
       (SELECT array_agg(quote_ident(a.attname) ORDER BY a.attnum) FROM pg_attribute a
         WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND NOT ${SYSTEM_SCHEMA} ORDER BY 1`,
  );
  const seeds: DatabaseBaseline['seeds'] = [];
  for (const { name, kind, columns } of relations.rows) {
    if (kind !== 'r' || !columns) continue;
    const { rows } = await client.query<{ rows: string | null; checksum: string }>(
      `SELECT json_agg(row_to_json(t))::text AS rows, ${rowsChecksum('t')} AS checksum FROM ${name} AS t`,
    );
    if (rows[0]?.rows) seeds.push({ table: name, columns, rows: rows[0].rows, checksum: rows[0].checksum });
  }
  const sequences = await client.query<{ name: string; last: string; called: boolean }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name, coalesce(last_value, start_value)::text AS last,
       last_value IS NOT NULL AS called
     FROM pg_sequences WHERE schemaname NOT LIKE 'pg_temp_%'`,
  );
  return {
    fingerprint: await fingerprintOf(client),
    tables: relations.rows.map((row) => row.name),
    seeds,
    sequences: sequences.rows,
  };
}

/**
 * Puts a used test database back to its baseline: every table emptied, the migrations' rows inserted
 * again (triggers and foreign keys off meanwhile, as a restore does), every sequence where it was.
 * Resolves false, changing nothing, when the schema is no longer the baseline's (the caller drops that
 * database), or when a table stays locked for `lockTimeoutMs` (a session the test left behind).
 */
export async function resetToBaseline(
  client: Queryable,
  baseline: DatabaseBaseline,
  lockTimeoutMs = 5_000,
): Promise<boolean> {
  if ((await fingerprintOf(client)) !== baseline.fingerprint) return false;
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.floor(lockTimeoutMs))}`);
    await client.query('SET LOCAL session_replication_role = replica');
    // only what the test touched: truncating all ~90 tables makes PostgreSQL create and sync ~300 files
    const changed = await changedTables(client, baseline);
    if (changed.length > 0) await client.query(`TRUNCATE ${changed.join(', ')} RESTART IDENTITY CASCADE`);
    // the seeded tables again when they were changed or emptied by a cascade
    for (const table of await changedTables(client, {
      ...baseline,
      tables: baseline.seeds.map((seed) => seed.table),
    })) {
      const seed = baseline.seeds.find((candidate) => candidate.table === table);
      if (!seed) continue;
      const list = seed.columns.join(', ');
      await client.query(`DELETE FROM ONLY ${table}`);
      await client.query(
        `INSERT INTO ${table} (${list}) OVERRIDING SYSTEM VALUE
         SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)`,
        [seed.rows],
      );
    }
    for (const { name, last, called } of baseline.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [name, last, called]);
    }
    await client.query('COMMIT');
    return true;
  } catch {
    await client.query('ROLLBACK').catch(() => {});
    return false;
  }
}
