/**
 * Puts an environment variable back as a test found it. Assigning `undefined` to `process.env.X` stores
 * the string "undefined", which the next file of the same worker (isolate: false) would then read as a
 * value; an unset variable has to be deleted instead.
 */
export function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
