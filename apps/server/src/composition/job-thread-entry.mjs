// Worker-thread entry of the job thread: Node 20 does not pass a worker's .ts entry through loader
// hooks, so this plain module registers tsx inside the thread, then loads the TypeScript side.
import { register } from 'tsx/esm/api';

register();
await import('./job-thread.worker.ts');
