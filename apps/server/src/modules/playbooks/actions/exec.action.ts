/**
 * The exec action: a bash script under the same switch and confinement as exec checks — off unless the
 * host sets MC_EXEC_CHECKS=on; a fresh temporary HOME, an allow-listed environment (PATH, HOME, LANG
 * plus the action's own `env`), its own process group killed on timeout or cancel, isolation where the
 * system allows, stdout and stderr each capped at {@link EXEC_ACTION_MAX_OUTPUT}. A non-zero exit fails
 * the action with the last line of its output; the output is kept either way, and saved as artifacts
 * with the files the action declares (exec-artifacts.ts).
 */
import { z } from 'zod';
import { execChecksDisabledReason, runConfinedScript } from '../../health/index.js';
import { defineAction } from './action-kind.js';
import { saveArtifacts } from './artifacts.repo.js';
import { execArtifacts } from './exec-artifacts.js';

/** The most of stdout (and of stderr) kept as output. */
export const EXEC_ACTION_MAX_OUTPUT = 256 * 1024;

const schema = z.object({
  script: z
    .string()
    .min(1, 'is required')
    .max(64 * 1024),
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string().max(64 * 1024)).optional(),
  /** Files to keep as artifacts, relative to the script's working directory (`*` in the last segment). */
  artifacts: z
    .array(z.object({ path: z.string().min(1).max(1024) }))
    .max(50)
    .default([]),
});

/** The exec action type. */
export const execAction = defineAction({
  type: 'exec',
  schema,
  disabledReason: () => execChecksDisabledReason()?.replace('exec checks are', 'exec checks and actions are') ?? null,
  async run(fields, ctx) {
    const disabled = execChecksDisabledReason();
    if (disabled) throw new Error(disabled);
    const options = {
      env: fields.env,
      homePrefix: 'mc-playbook-',
      maxOutputBytes: EXEC_ACTION_MAX_OUTPUT,
      signal: ctx.signal,
      log: ctx.log, // the live log, capped by the run's log writer
    };
    return runConfinedScript(fields.script, options, async ({ home, isolation, ...result }) => {
      const kept = await execArtifacts(
        home,
        fields.artifacts.map((artifact) => artifact.path),
        result,
        ctx.redact,
      );
      const artifacts = await saveArtifacts(ctx.database, ctx.run.actionId, kept.artifacts);
      const output = {
        ...result,
        isolation,
        artifacts,
        ...(kept.skipped.length ? { artifacts_skipped: kept.skipped } : {}),
      };
      if (result.exitCode !== 0) {
        const last = (result.stderr.trim() || result.stdout.trim()).split('\n').at(-1) ?? '';
        throw Object.assign(new Error(`exit code ${result.exitCode}${last ? `: ${last}` : ''}`), { output });
      }
      return output;
    });
  },
});
