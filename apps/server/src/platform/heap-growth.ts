/**
 * How far V8 lets a heap grow past what its last full collection kept. Left to itself, V8 lets a heap that
 * allocates fast grow to up to 4× its live size before collecting it in full, and keeps those pages: after a
 * few minutes of catalog reads (relationship walks, option lists) the main isolate held 191–356 MB for
 * 80–160 MB in use, and the server 410–579 MB resident, over the catalog's 500 MB bar for a scrape. At 1.5×
 * (`MC_HEAP_GROWING_PERCENT=50`, the default) the same load leaves 117 MB and 340–344 MB resident with the
 * same latencies (docs/catalog.md). 0 leaves V8's own choice.
 */
import { setFlagsFromString } from 'node:v8';

/**
 * Sets V8's heap growing factor to 1 + percent/100 for every isolate of the process (the job thread is
 * started later and inherits it). Called first thing, while the heap is still small.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
