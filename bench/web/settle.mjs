/** The startup jobs of a new server: the first scrape (the system scraper) and the first topology build. */
const STARTUP_JOBS = ['run_scraper', 'build_topology'];
/** A pending job waiting longer than this past its run time means the queue is still catching up. */
const CAUGHT_UP_LAG_S = 2;
/** Consecutive calm polls (one a second) before the server counts as settled. */
const CALM_POLLS = 3;

/** Prometheus exposition lines of one metric: `[{ labels, value }]`. */
function samples(text, metric) {
  const found = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${metric}{`)) continue;
    const close = line.lastIndexOf('}');
    const labels = Object.fromEntries(
      [...line.slice(metric.length + 1, close).matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]),
    );
    found.push({ labels, value: Number(line.slice(close + 1).trim()) });
  }
  return found;
}

/**
 * One look at the queue and history: which startup jobs are still waiting or running, which have
 * finished, and how far the most overdue pending job is past its run time.
 */
async function look(request, base) {
  const metrics = await request.get(`${base}/metrics`);
  if (!metrics.ok()) throw new Error(`/metrics answered ${metrics.status()}`);
  const text = await metrics.text();
  const busy = new Set(
    samples(text, 'mc_job_queue_depth')
      .filter(({ labels, value }) => value > 0 && STARTUP_JOBS.includes(labels.job))
      .map(({ labels }) => labels.job),
  );
  const lag = Math.max(0, ...samples(text, 'mc_job_queue_lag_seconds').map(({ value }) => value));
  const history = await request.get(
    `${base}/api/db/job_history?select=name&time_end=not.is.null&name=in.(${STARTUP_JOBS.join(',')})`,
  );
  if (!history.ok()) throw new Error(`/api/db/job_history answered ${history.status()}`);
  const finished = new Set((await history.json()).map((row) => row.name));
  return { busy, finished, lag };
}

/**
 * Waits until a new server's startup work has settled, as a user meets a server that has been up: the
 * system scraper's first scrape and the first topology build have finished (a job_history row with an
 * end) and are neither pending nor running again, and no pending job is more than 2 s past its run time
 * (the first round of due checks has been worked off), on three polls in a row a second apart.
 * `request` is a signed-in admin's API context (/metrics is for admins). Never waits longer than
 * `boundMs`; resolves to { settled, ms, state } either way (state.error: the last poll failed), so the
 * bench can say which it was.
 */
export async function waitForSteadyState(request, base, boundMs) {
  const started = performance.now();
  let calm = 0;
  let state;
  while (performance.now() - started < boundMs) {
    try {
      state = await look(request, base);
      const startupDone = STARTUP_JOBS.every((name) => state.finished.has(name)) && state.busy.size === 0;
      calm = startupDone && state.lag <= CAUGHT_UP_LAG_S ? calm + 1 : 0;
    } catch (error) {
      // a busy new server may fail a poll: not calm, try again
      state = { busy: new Set(), finished: new Set(), lag: Number.NaN, error: error.message };
      calm = 0;
    }
    if (calm >= CALM_POLLS) return { settled: true, ms: performance.now() - started, state };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return { settled: false, ms: performance.now() - started, state };
}
