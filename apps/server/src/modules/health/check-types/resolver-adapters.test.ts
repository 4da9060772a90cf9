import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.js';
import { runCheck } from './registry.js';
import { connectionResolverFrom, envSourceResolverFrom } from './resolver-adapters.js';
import { guardFor } from './testing/targets.js';

// These tests use exec checks as the simplest check type; exec checks are off unless the host enables them.
process.env.MC_EXEC_CHECKS = 'on';

describe('resolver adapters', () => {
  it('turn a not-found connection into a clear check message', async () => {
    const resolveConnection = connectionResolverFrom(
      {
        resolveConnection: async (ref) => {
          throw new AppError('not_found', `Connection ${ref} not found`);
        },
      },
      null,
    );
    const result = await runCheck(
      'postgres',
      { name: 'p', connection: 'connection://postgres/gone' },
      { egress: guardFor(), resolveConnection },
    );
    expect(result).toMatchObject({ status: 'unhealthy', message: 'connection connection://postgres/gone not found' });
  });

  it('read secret keys as kind://name/key references, and say when one is missing', async () => {
    const store: Record<string, string> = { 'secret://api/token': 'tok-9' };
    const resolveEnvSource = envSourceResolverFrom(async (ref) => {
      const value = `${ref.kind}://${ref.name}/${ref.key}`;
      const found = store[value];
      if (found === undefined) throw new AppError('unprocessable', `${value} refers to nothing`);
      return found;
    });
    const env = (key: string) => [{ name: 'T', valueFrom: { secretKeyRef: { name: 'api', key } } }];
    const ok = await runCheck(
      'exec',
      { name: 'e', script: 'echo $T', env: env('token') },
      { egress: guardFor(), resolveEnvSource },
    );
    expect(ok.message).toBe('tok-9');
    const missing = await runCheck(
      'exec',
      { name: 'e', script: 'echo $T', env: env('nope') },
      { egress: guardFor(), resolveEnvSource },
    );
    expect(missing.message).toBe("env T: secret 'api' has no key 'nope'");
  });
});
