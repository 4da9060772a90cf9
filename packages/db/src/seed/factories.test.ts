import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database.js';
import { createTestDatabase } from '../testing/index.js';
import {
  buildAgent,
  buildCanary,
  buildCheck,
  buildCheckStatus,
  buildComment,
  buildComponent,
  buildConfigAnalysis,
  buildConfigChange,
  buildConfigItem,
  buildConfigScraper,
  buildConnection,
  buildEvent,
  buildEvidence,
  buildHypothesis,
  buildIncident,
  buildJobHistory,
  buildNotification,
  buildPerson,
  buildPlaybook,
  buildPlaybookRun,
  buildResponder,
  buildSilence,
  buildTeam,
  buildTopology,
} from './factories.js';
import { insertRow, insertRows } from './insert.js';

interface Stored {
  id: string;
  [column: string]: unknown;
}

describe('factories', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('build rows every table accepts, with overrides and JSON columns', async () => {
    const db = database.pool;
    const person = await insertRow<Stored>(db, 'people', buildPerson({ name: 'Ada' }));
    expect(person.name).toBe('Ada');
    await insertRow(db, 'teams', buildTeam(person.id));
    await insertRow(db, 'agents', buildAgent());
    await insertRow(db, 'connections', buildConnection());
    const canary = await insertRow<Stored>(db, 'canaries', buildCanary());
    const check = await insertRow<Stored>(db, 'checks', buildCheck(canary.id, { status: 'unhealthy' }));
    expect(check.status).toBe('unhealthy');
    await insertRows(db, 'check_statuses', [
      buildCheckStatus(check.id, { time: new Date(Date.now() - 60_000) }),
      buildCheckStatus(check.id, { status: false }),
    ]);
    await insertRow(db, 'config_scrapers', buildConfigScraper());
    const config = await insertRow<Stored>(db, 'config_items', buildConfigItem());
    expect(config.namespace).toBe('default');
    await insertRow(db, 'config_changes', buildConfigChange(config.id));
    await insertRow(db, 'config_analysis', buildConfigAnalysis(config.id));
    const topology = await insertRow<Stored>(db, 'topologies', buildTopology());
    await insertRow(db, 'components', buildComponent({ topology_id: topology.id }));
    const incident = await insertRow<Stored>(db, 'incidents', buildIncident(person.id));
    expect(incident.incident_id).toMatch(/^INC-/);
    const hypothesis = await insertRow<Stored>(db, 'hypotheses', buildHypothesis(incident.id, person.id));
    await insertRow(db, 'evidences', buildEvidence(hypothesis.id, person.id, { check_id: check.id, type: 'check' }));
    await insertRow(db, 'comments', buildComment(incident.id, person.id));
    await insertRow(db, 'responders', buildResponder(incident.id, person.id));
    const playbook = await insertRow<Stored>(db, 'playbooks', buildPlaybook());
    await insertRow(db, 'playbook_runs', buildPlaybookRun(playbook.id));
    await insertRow(db, 'notifications', buildNotification({ person_id: person.id }));
    const silence = await insertRow<Stored>(db, 'notification_silences', buildSilence({ check_id: check.id }));
    expect(silence.until).toBeNull();
    await insertRow(db, 'job_history', buildJobHistory());
    await insertRow(db, 'event_queue', buildEvent());
    const { rows } = await db.query('SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1', [check.id]);
    expect(rows[0]).toEqual({ n: 2 });
  });

  it('refuses a table or column name that is not a plain identifier', async () => {
    await expect(insertRow(database.pool, 'people; drop table people', buildPerson())).rejects.toThrow(
      /Not a plain identifier/,
    );
  });
});
