/**
 * The databases canary-checker's datasource fixtures expect (its `_setup.yaml` starts them in a
 * cluster): PostgreSQL with `postgresadmin`/`admin123`, MySQL with `mysqladmin`/`admin123` and the
 * `mysqldb` database, Redis without auth; config-db's `sql.yaml` reads the `incident_commander` database as
 * `postgres`. Here they are the machine's PostgreSQL (127.0.0.1:5432,
 * reached as root), MariaDB (127.0.0.1:3306, root) and Redis (127.0.0.1:6379): the replay adds the
 * fixtures' users once (idempotent) and reports what it could not set up. PostgreSQL on this machine
 * trusts local connections, so a wrong password is not refused there.
 */
import { execFileSync } from 'node:child_process';

function attempt(label: string, command: string, args: string[], notes: string[]): void {
  try {
    execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 });
  } catch (error) {
    notes.push(`${label}: ${(error as { stderr?: Buffer }).stderr?.toString().trim() || String(error)}`);
  }
}

function postgresDatabaseExists(name: string): boolean {
  try {
    const sql = `SELECT 1 FROM pg_database WHERE datname = '${name}'`;
    return (
      execFileSync('psql', ['-h', '127.0.0.1', '-U', 'root', '-d', 'test', '-tAc', sql], { timeout: 10_000 })
        .toString()
        .trim() === '1'
    );
  } catch {
    return false;
  }
}

/** Adds the fixtures' users and databases; answers what failed (empty when all is set up). */
export function prepareDatabases(): string[] {
  const notes: string[] = [];
  const roleSql = `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'postgresadmin') THEN
    CREATE ROLE postgresadmin LOGIN PASSWORD 'admin123'; END IF; END $$;`;
  attempt('postgresql', 'psql', ['-h', '127.0.0.1', '-U', 'root', '-d', 'test', '-qc', roleSql], notes);
  if (!postgresDatabaseExists('incident_commander')) {
    attempt(
      'postgresql',
      'psql',
      ['-h', '127.0.0.1', '-U', 'root', '-d', 'test', '-qc', 'CREATE DATABASE incident_commander'],
      notes,
    );
  }
  const mysqlSql = `CREATE DATABASE IF NOT EXISTS mysqldb;
    CREATE USER IF NOT EXISTS 'mysqladmin'@'127.0.0.1' IDENTIFIED BY 'admin123';
    CREATE USER IF NOT EXISTS 'mysqladmin'@'localhost' IDENTIFIED BY 'admin123';
    GRANT ALL ON mysqldb.* TO 'mysqladmin'@'127.0.0.1'; GRANT ALL ON mysqldb.* TO 'mysqladmin'@'localhost';`;
  attempt('mariadb', 'mysql', ['-h', '127.0.0.1', '-u', 'root', '-e', mysqlSql], notes);
  attempt('redis', 'redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'PING'], notes);
  return notes;
}
