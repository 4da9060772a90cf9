// Worker-thread entry: Node 20 does not pass a worker's .ts entry through loader hooks, so this
// plain module registers tsx inside the worker, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
