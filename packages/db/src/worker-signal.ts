import type { Worker } from 'node:worker_threads';

/**
 * Resolves when `worker` posts a message `{ type }`; rejects when it posts `{ type: 'error', message }`,
 * emits an error or exits first. Both of our worker threads (the embedded database and the job runtime)
 * announce their state this way, and a thread that dies while starting must fail its caller, not hang it.
 * `what` names the thread in the rejection ("Embedded database", "The job thread").
 */
export function waitForWorkerSignal(worker: Worker, type: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: { type?: string; message?: string }) => {
      if (event.type === type) {
        cleanup();
        resolve();
      } else if (event.type === 'error') {
        cleanup();
        reject(new Error(`${what} failed to start: ${event.message}`));
      }
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`${what} exited with code ${code} while starting`));
    };
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}
