import type pg from 'pg';

/** How much the incident benchmark seeds. */
export interface IncidentBenchSizes {
  incidents: number;
  comments: number;
}

const STATUSES = [
  'new',
  'open',
  'open',
  'investigating',
  'mitigated',
  'resolved',
  'resolved',
  'closed',
  'closed',
  'closed',
];
const SEVERITIES = ['info', 'warning', 'low', 'low', 'medium', 'medium', 'high', 'critical', 'blocker'];
const TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technicalDebt',
  'reliability',
];
const PEOPLE = 200;
const TEAMS = 20;
const CHECKS = 500;
const CONFIGS = 1000;

/**
 * Seeds the incident tables with INSERT … SELECT generate_series. Row triggers are switched off for the
 * bulk load (session_replication_role = replica: they would write one history row and one event per
 * row), and the history the triggers would have written is inserted in bulk instead: created, status
 * change, hypothesis and evidence per incident, and one `responder.commented` row per comment.
 */
export async function seedIncidentBench(client: pg.ClientBase, sizes: IncidentBenchSizes): Promise<void> {
  const n = sizes.incidents;
  await client.query("SET session_replication_role = 'replica'");
  await client.query(
    `INSERT INTO people (name, email) SELECT 'Person ' || g, 'bench' || g || '@example.com' FROM generate_series(1, $1) g`,
    [PEOPLE],
  );
  await client.query(`CREATE TEMP TABLE bp AS SELECT row_number() OVER (ORDER BY id) AS k, id FROM people`);
  await client.query(
    `INSERT INTO teams (name, created_by) SELECT 'Team ' || g, (SELECT id FROM bp WHERE k = 1) FROM generate_series(1, $1) g`,
    [TEAMS],
  );
  await client.query(`CREATE TEMP TABLE bt AS SELECT row_number() OVER (ORDER BY id) AS k, id FROM teams`);
  await client.query("INSERT INTO canaries (name) VALUES ('bench')");
  await client.query(
    `INSERT INTO checks (canary_id, type, name, status) SELECT (SELECT id FROM canaries LIMIT 1), 'http', 'check-' || g,
       CASE WHEN g % 5 = 0 THEN 'unhealthy' ELSE 'healthy' END FROM generate_series(1, $1) g`,
    [CHECKS],
  );
  await client.query(`CREATE TEMP TABLE bc AS SELECT row_number() OVER (ORDER BY id) AS k, id FROM checks`);
  await client.query(
    `INSERT INTO check_statuses (check_id, time, status, duration)
     SELECT c.id, now() - make_interval(mins => m * 5), (m + c.k) % 7 <> 0, 100 FROM bc c, generate_series(0, 287) m`,
  );
  await client.query(
    `INSERT INTO config_items (config_class, type, name, health) SELECT 'Deployment', 'Kubernetes::Deployment', 'deploy-' || g,
       CASE WHEN g % 4 = 0 THEN 'unhealthy' ELSE 'healthy' END FROM generate_series(1, $1) g`,
    [CONFIGS],
  );
  await client.query(`CREATE TEMP TABLE bg AS SELECT row_number() OVER (ORDER BY id) AS k, id FROM config_items`);
  await client.query(
    `CREATE TEMP TABLE bi AS SELECT g AS k, generate_ulid() AS id,
       now() - make_interval(mins => ((g::bigint * 7919) % 525600)::int) AS at FROM generate_series(1, $1) g`,
    [n],
  );
  await client.query(
    `INSERT INTO incidents (id, incident_id, title, description, type, status, severity, created_by, commander_id, communicator_id,
       created_at, updated_at)
     SELECT bi.id, 'INC-' || lpad(bi.k::text, 6, '0'), 'Incident ' || bi.k || ' on service ' || (bi.k % 97), 'Bench incident',
       ($2::text[])[1 + bi.k % 8], ($3::text[])[1 + (bi.k / 3) % 10], ($4::text[])[1 + (bi.k / 7) % 9],
       p1.id, p2.id, p3.id, bi.at, bi.at + interval '10 minutes'
     FROM bi JOIN bp p1 ON p1.k = 1 + bi.k % $1 JOIN bp p2 ON p2.k = 1 + (bi.k * 13) % $1 JOIN bp p3 ON p3.k = 1 + (bi.k * 17) % $1`,
    [PEOPLE, TYPES, STATUSES, SEVERITIES],
  );
  await client.query(`SELECT setval('incident_id_seq', $1)`, [n]);
  await client.query(
    `INSERT INTO responders (incident_id, type, person_id, created_by, created_at)
     SELECT bi.id, 'person', p.id, p.id, bi.at FROM bi JOIN bp p ON p.k = 1 + (bi.k * 31) % $1`,
    [PEOPLE],
  );
  await client.query(
    `INSERT INTO responders (incident_id, type, team_id, created_by, created_at)
     SELECT bi.id, 'team', t.id, p.id, bi.at FROM bi JOIN bt t ON t.k = 1 + bi.k % $1 JOIN bp p ON p.k = 1 WHERE bi.k % 2 = 0`,
    [TEAMS],
  );
  await client.query(`CREATE TEMP TABLE bh AS SELECT bi.k, bi.id AS incident_id, generate_ulid() AS id, bi.at FROM bi`);
  await client.query(
    `INSERT INTO hypotheses (id, incident_id, type, title, status, created_by, created_at)
     SELECT bh.id, bh.incident_id, 'root', 'Root cause of ' || bh.k, 'possible', p.id, bh.at + interval '2 minutes'
     FROM bh JOIN bp p ON p.k = 1 + bh.k % $1`,
    [PEOPLE],
  );
  await client.query(
    `INSERT INTO hypotheses (incident_id, parent_id, type, title, status, created_by, created_at)
     SELECT bh.incident_id, bh.id, 'factor', 'Factor of ' || bh.k, 'likely', p.id, bh.at + interval '3 minutes'
     FROM bh JOIN bp p ON p.k = 1 + bh.k % $1 WHERE bh.k % 2 = 0`,
    [PEOPLE],
  );
  await client.query(
    `INSERT INTO evidences (hypothesis_id, description, type, check_id, config_id, definition_of_done, done, created_by, created_at)
     SELECT bh.id, 'Evidence ' || bh.k, CASE WHEN bh.k % 2 = 0 THEN 'check' ELSE 'config' END,
       CASE WHEN bh.k % 2 = 0 THEN c.id END, CASE WHEN bh.k % 2 = 1 THEN g.id END, bh.k % 3 = 0, bh.k % 6 = 0, p.id,
       bh.at + interval '4 minutes'
     FROM bh JOIN bc c ON c.k = 1 + bh.k % $1 JOIN bg g ON g.k = 1 + bh.k % $2 JOIN bp p ON p.k = 1 + bh.k % $3`,
    [CHECKS, CONFIGS, PEOPLE],
  );
  await client.query(
    `INSERT INTO comments (incident_id, hypothesis_id, comment, created_by, created_at)
     SELECT bi.id, CASE WHEN j % 3 = 0 THEN bh.id END, 'Comment ' || j, p.id, bi.at + make_interval(mins => 5 + j % 1000)
     FROM generate_series(1, $1) j
     JOIN bi ON bi.k = 1 + ((j::bigint * 2654435761) % $2)
     JOIN bh ON bh.k = bi.k
     JOIN bp p ON p.k = 1 + j % $3`,
    [sizes.comments, n, PEOPLE],
  );
  await client.query(
    `INSERT INTO incident_histories (incident_id, type, description, created_by, created_at)
       SELECT id, 'incident.created', 'Incident created', created_by, created_at FROM incidents
     UNION ALL
       SELECT id, 'incident.status_updated', 'Status changed from open to ' || status, commander_id, created_at + interval '30 minutes'
       FROM incidents WHERE status <> 'open'
     UNION ALL
       SELECT incident_id, 'hypothesis.created', 'Added hypothesis', created_by, created_at FROM hypotheses
     UNION ALL
       SELECT h.incident_id, 'evidence.created', 'Attached evidence', e.created_by, e.created_at FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id`,
  );
  await client.query(
    `INSERT INTO incident_histories (incident_id, type, description, comment_id, created_by, created_at)
     SELECT incident_id, 'responder.commented', left(comment, 200), id, created_by, created_at FROM comments`,
  );
  await client.query("SET session_replication_role = 'origin'");
  await client.query('VACUUM ANALYZE');
}
