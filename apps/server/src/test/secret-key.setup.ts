/**
 * Setup of every server test file: a usable `MC_SECRET_KEY`. With `isolate: false` the files of one
 * worker share `process.env`, so a file that plants its own value (the exec checks' leak tests plant an
 * invalid one) or restores an unset one (assigning `undefined` stores the string "undefined") would
 * otherwise leave the next file unable to seal or open a secret. The key is the same for every file of a
 * worker, so a secret one file's kit sealed still opens in the next.
 */
import { randomBytes } from 'node:crypto';

const worker = globalThis as { mcTestSecretKey?: string };
worker.mcTestSecretKey ??= randomBytes(32).toString('base64');

/** Whether a value decodes to the 32 bytes platform/secrets.ts requires. */
function usable(value: string | undefined): boolean {
  return value !== undefined && Buffer.from(value, 'base64').length === 32;
}

if (!usable(process.env.MC_SECRET_KEY)) process.env.MC_SECRET_KEY = worker.mcTestSecretKey;
