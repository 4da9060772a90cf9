/**
 * Exec check: off unless the host's operator sets MC_EXEC_CHECKS=on (exec-policy.ts); then runs
 * `script` with bash through the runner it shares with the exec action (confined-script.ts): in a fresh
 * temporary directory, in its own process group, with an allow-listed environment — PATH, HOME (the
 * temporary directory) and LANG, plus the check's own `env` — so none of the server's secrets (database
 * URL, secret key…) reach the script. Where the system allows, the script also runs as an unprivileged
 * user in its own mount and PID namespaces with the data directory covered (process-isolation.ts);
 * `details.isolation` says which level ran. On timeout the whole process group is killed; children left
 * behind after the script exits are killed too. Without a test expression the check passes on exit code
 * 0 (canary-checker's default `results.exitCode == 0`).
 * `artifacts` (exec-artifacts.ts) are read from its directory before it goes and kept with the result.
 * Expression variables: results {stdout, stderr, exitCode}, and stdout, stderr, exitCode; stdout and
 * stderr are trimmed of leading and trailing white space, as canary-checker (duty's shell) trims them.
 */
import { EXEC_MAX_OUTPUT_BYTES, type ExecCheckSpec, execCheckSchema } from '@mc/contracts';
import { CheckConfigError } from '../../../platform/check-config-error.js';
import {
  type CheckContext,
  type CheckRunOutput,
  type CheckTypeDefinition,
  healthy,
  unhealthy,
} from './check-context.js';
import { runConfinedScript } from './confined-script.js';
import { resolveEnvList } from './env-vars.js';
import { execArtifacts } from './exec-artifacts.js';
import { execChecksDisabledReason } from './exec-policy.js';

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}

async function run(spec: ExecCheckSpec, ctx: CheckContext): Promise<CheckRunOutput> {
  const disabled = execChecksDisabledReason();
  if (disabled) return unhealthy(disabled, { disabled: true });
  for (const key of ['connections', 'checkout'] as const) {
    if (spec[key] !== undefined) throw new CheckConfigError(`${key} is not supported by this server`);
  }
  const own = await resolveEnvList(spec.env, ctx, 'env');
  const options = { env: own, homePrefix: 'mc-exec-', maxOutputBytes: EXEC_MAX_OUTPUT_BYTES, signal: ctx.signal };
  return runConfinedScript(spec.script, options, async (result) => {
    const { exitCode } = result;
    const stdout = result.stdout.trim();
    const stderr = result.stderr.trim();
    const kept = spec.artifacts?.length ? await execArtifacts(result.home, spec.artifacts, { stdout, stderr }) : null;
    const details = {
      results: { stdout, stderr, exitCode },
      stdout,
      stderr,
      exitCode,
      isolation: result.isolation,
      ...(result.truncated ? { truncated: true } : {}),
      ...(kept?.skipped.length ? { artifactsSkipped: kept.skipped } : {}),
    };
    const artifacts = kept?.artifacts.length ? { artifacts: kept.artifacts } : {};
    if (!spec.test?.expr && exitCode !== 0) {
      const reason = lastLine(stderr) || lastLine(stdout);
      return { ...unhealthy(`exit code ${exitCode}${reason ? `: ${reason}` : ''}`, details), ...artifacts };
    }
    return { ...healthy(lastLine(stdout) || `exit code ${exitCode}`, details), ...artifacts };
  });
}

/** The exec check type. */
export const execCheckType: CheckTypeDefinition<ExecCheckSpec> = { type: 'exec', schema: execCheckSchema, run };
