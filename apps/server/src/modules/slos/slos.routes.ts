import type { Context, Hono } from 'hono';
import { auditContext, readJson } from '../../platform/http-helpers.js';
import type { ModuleDeps } from '../../platform/module-deps.js';
import type { AppEnv } from '../../platform/request-context.js';
import { requirePermission } from '../../platform/require-permission.js';
import { resourceReach } from '../../platform/resource-visibility.js';
import { slosService } from './slos.service.js';
import { slosReportService } from './slos-report.service.js';

/**
 * SLOs and their error budgets (issue 33 item 3; docs/slo.md). Guarded as the health checks they
 * measure (`canaries`: editors write, viewers read); each SLO is further visible only with its check or
 * component (resource reach), and one is created only on an object its author may read.
 */
export function registerSlosRoutes(app: Hono<AppEnv>, deps: ModuleDeps): void {
  const slos = slosService(deps.database);
  const reports = slosReportService(deps.database);
  const policy = deps.dataAccess;
  if (!policy) throw new Error('The SLO routes need the access policy (ModuleDeps.dataAccess)');
  const reachOf = (c: Context<AppEnv>) => resourceReach(policy, c.var.actor);
  const read = requirePermission('canaries', 'read');
  const write = requirePermission('canaries', 'write');

  app.get('/api/slos', read, async (c) => c.json(await slos.list(await reachOf(c), c.req.query())));
  app.get('/api/slos/report', read, async (c) => {
    const report = await reports.report(await reachOf(c), c.req.query());
    if (report.format === 'json') return c.json(report.report);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="slo-report-${report.report.period}.csv"`);
    return c.body(report.csv);
  });
  app.post('/api/slos', write, async (c) =>
    c.json(await slos.create(await reachOf(c), await readJson(c), auditContext(c)), 201),
  );
  app.get('/api/slos/:id', read, async (c) => c.json(await slos.get(await reachOf(c), c.req.param('id'))));
  app.get('/api/slos/:id/history', read, async (c) => c.json(await slos.history(await reachOf(c), c.req.param('id'))));
  app.patch('/api/slos/:id', write, async (c) =>
    c.json(await slos.update(await reachOf(c), c.req.param('id'), await readJson(c), auditContext(c))),
  );
  app.delete('/api/slos/:id', write, async (c) => {
    await slos.remove(await reachOf(c), c.req.param('id'), auditContext(c));
    return c.body(null, 204);
  });
}
