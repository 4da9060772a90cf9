import { describe, expect, it } from 'vitest';
import { disabledFeatures, isFeatureDisabled } from './feature-flags';

describe('feature flags', () => {
  it("reads '<feature>.disable' = 'true' rows only", () => {
    const disabled = disabledFeatures([
      { name: 'logs.disable', value: 'true' },
      { name: 'incidents.disable', value: 'false' },
      { name: 'playbooks.disable', value: 'TRUE' },
      { name: 'smtp.host', value: 'true' },
    ]);
    expect([...disabled].sort()).toEqual(['logs', 'playbooks']);
  });

  it('a disabled parent disables its children (001 §6)', () => {
    expect(isFeatureDisabled('settings.config_scraper', new Set(['config']))).toBe(true);
    expect(isFeatureDisabled('settings.topology', new Set(['topology']))).toBe(true);
    expect(isFeatureDisabled('settings.health', new Set(['health']))).toBe(true);
    expect(isFeatureDisabled('settings.job_history', new Set(['health']))).toBe(true);
    expect(isFeatureDisabled('settings.job_history', new Set(['topology']))).toBe(false);
    expect(isFeatureDisabled('health', new Set(['settings.health']))).toBe(false);
  });
});
