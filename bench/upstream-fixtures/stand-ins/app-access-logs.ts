/**
 * The enterprise-application sign-in export config-db's `access_logs.yaml` fixture reads from
 * `http://localhost:8000/azure_enterprise_app_access_logs.json`: a JSON list of sign-ins, each naming the
 * application (`app_id`), the user (`user_id`) and when (`created_at`). The records are this bench's own.
 */

/** The path the fixture asks for; served on every port of the HTTP stand-in, 8000 included. */
export const APP_ACCESS_LOGS_PATH = '/azure_enterprise_app_access_logs.json';

/** Three sign-ins to two applications by two users. */
export function appAccessLogs(): Record<string, string>[] {
  const payroll = '5d1f6a3e-0b7c-4c2a-9e1d-3f8a2b6c7d01';
  const wiki = '8a4c2e9f-61d3-4b5e-a7f0-c2d9e8b1a402';
  const ada = '1c7e5b2a-9f3d-4e6a-b8c1-d2a3f4e5b603';
  const lin = 'e9b8a7c6-d5e4-4f3a-9b2c-1d0e9f8a7b04';
  return [
    { app_id: payroll, user_id: ada, created_at: '2024-05-01T08:15:00Z' },
    { app_id: payroll, user_id: lin, created_at: '2024-05-01T09:40:00Z' },
    { app_id: wiki, user_id: ada, created_at: '2024-05-02T14:05:00Z' },
  ];
}

/** The application the fixture's `catalog.traverse(item.app_id, "MissionControl::Application")` should find. */
const PORTFOLIO_APP = '3b6d9e1a-7c2f-4a8b-9d0e-5f1a2b3c4d05';

/**
 * The catalog `access_logs.yaml` walks: the two enterprise applications the sign-ins name, and a
 * MissionControl::Application that holds only the payroll one (a relationship application → payroll, the
 * incoming side of payroll). config-db keeps the sign-ins of applications inside a Mission Control
 * application: the payroll ones (two), not the wiki one. Stored once, before the fixture is scraped.
 */
export async function storeAppCatalog(pool: {
  query(text: string, values?: unknown[]): Promise<unknown>;
}): Promise<{ kept: number }> {
  const [first] = appAccessLogs();
  const payroll = first?.app_id ?? '';
  const wiki = appAccessLogs()[2]?.app_id ?? '';
  await pool.query(
    `INSERT INTO config_items (id, type, name, config_class, config) VALUES
       ($1, 'Azure::EnterpriseApplication', 'payroll', 'EnterpriseApplication', '{}'),
       ($2, 'Azure::EnterpriseApplication', 'wiki', 'EnterpriseApplication', '{}'),
       ($3, 'MissionControl::Application', 'portfolio', 'Application', '{}')
     ON CONFLICT (id) DO NOTHING`,
    [payroll, wiki, PORTFOLIO_APP],
  );
  await pool.query(
    `INSERT INTO config_relationships (config_id, related_id, relation) VALUES ($1, $2, 'ApplicationEnterpriseApplication')
     ON CONFLICT DO NOTHING`,
    [PORTFOLIO_APP, payroll],
  );
  return { kept: appAccessLogs().filter((log) => log.app_id === payroll).length };
}
