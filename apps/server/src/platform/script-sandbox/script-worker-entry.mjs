// Worker-thread entry of the script sandbox: Node 20 does not pass a worker's .ts entry through loader
// hooks, so this plain module registers tsx inside the thread, then loads the TypeScript side.
import { register } from 'tsx/esm/api';

register();
await import('./script-worker.ts');
