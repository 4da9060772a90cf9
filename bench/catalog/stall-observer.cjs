// Preloaded into the server by option-stalls.ts (NODE_OPTIONS=--require): prints one JSON line per GC
// pause of 2 ms or more and per event-loop block of 10 ms or more, with the wall time it ended, so the
// probe can put them beside its slow answers. Also runs in the job thread (a worker) and says so.
const { PerformanceObserver, performance } = require('node:perf_hooks');
const { isMainThread } = require('node:worker_threads');
const thread = isMainThread ? 'main' : 'worker';
const kinds = { 1: 'scavenge', 2: 'mark-compact', 4: 'incremental', 8: 'weak-callbacks', 16: 'minor-mark-sweep' };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.duration < 2) continue;
    const kind = kinds[e.detail?.kind ?? e.kind] ?? 'gc';
    process.stdout.write(
      `{"stall":"gc","thread":"${thread}","kind":"${kind}","ms":${e.duration.toFixed(1)},"at":${Date.now()}}\n`,
    );
  }
}).observe({ entryTypes: ['gc'] });
let last = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now - last > 15) {
    process.stdout.write(
      `{"stall":"loop","thread":"${thread}","ms":${(now - last - 5).toFixed(1)},"at":${Date.now()}}\n`,
    );
  }
  last = now;
}, 5).unref();
