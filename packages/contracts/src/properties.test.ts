import { describe, expect, it } from 'vitest';
import { disabledFeatures, isFeatureDisabled, propertyInputSchema } from './properties.js';

describe('feature flags', () => {
  it('turns off a feature whose <feature>.disable is true, and its children', () => {
    const flags = disabledFeatures([
      { name: 'health.disable', value: 'true' },
      { name: 'logs.disable', value: 'false' },
      { name: 'incidents.disable', value: 'TRUE' },
    ]);
    expect([...flags].sort()).toEqual(['health', 'incidents', 'settings.health', 'settings.job_history']);
    expect(isFeatureDisabled('settings.topology', [{ name: 'topology.disable', value: 'true' }])).toBe(true);
    expect(isFeatureDisabled('settings.topology', [{ name: 'settings.topology.disable', value: 'true' }])).toBe(true);
    expect(isFeatureDisabled('topology', [{ name: 'settings.topology.disable', value: 'true' }])).toBe(false);
  });

  it('validates property names', () => {
    expect(propertyInputSchema.safeParse({ name: 'health.disable', value: true }).data).toEqual({
      name: 'health.disable',
      value: 'true',
    });
    expect(propertyInputSchema.safeParse({ name: ' ', value: 'x' }).success).toBe(false);
  });
});
