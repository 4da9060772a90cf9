import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { createEgressGuard } from './egress-guard.js';
import { egressSettingsFrom } from './egress-settings.js';

function store(values: Record<string, string>) {
  let reads = 0;
  return {
    values,
    reads: () => reads,
    async get(name: string) {
      reads++;
      const value = values[name];
      if (value === undefined) throw new AppError('not_found', `Property '${name}' not found`);
      return { value };
    },
  };
}

describe('egress settings from properties', () => {
  it('defaults to allow-private when the properties are absent', async () => {
    const guard = createEgressGuard({ getPolicy: egressSettingsFrom(store({})) });
    await expect(guard.check('127.0.0.1')).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(guard.check('169.254.169.254')).rejects.toThrow('(policy: allow-private)');
  });

  it('applies health.egress.policy and health.egress.allow_list, reusing a read for the TTL', async () => {
    const source = store({ 'health.egress.policy': 'deny-private', 'health.egress.allow_list': '10.0.0.0/8' });
    const guard = createEgressGuard({ getPolicy: egressSettingsFrom(source, 60_000) });
    await expect(guard.check('10.1.1.1')).resolves.toMatchObject({ address: '10.1.1.1' });
    await expect(guard.check('192.168.0.1')).rejects.toThrow(
      'egress refused: 192.168.0.1 is a private (RFC 1918) address (policy: deny-private)',
    );
    expect(source.reads()).toBe(2);
  });

  it('reads again after the TTL', async () => {
    const source = store({ 'health.egress.policy': 'deny-private' });
    const guard = createEgressGuard({ getPolicy: egressSettingsFrom(source, 0) });
    await expect(guard.check('127.0.0.1')).rejects.toThrow('(policy: deny-private)');
    source.values['health.egress.policy'] = 'allow-private';
    await expect(guard.check('127.0.0.1')).resolves.toMatchObject({ address: '127.0.0.1' });
  });
});
