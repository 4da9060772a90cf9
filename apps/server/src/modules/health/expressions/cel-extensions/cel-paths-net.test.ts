import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../cel.js';

const cel = (expression: string, variables: Record<string, unknown> = {}) => evaluateExpression(expression, variables);

describe('CEL path, net and debug helpers', () => {
  it('works on slash paths as strings, never the file system', () => {
    expect(
      cel(
        'filepath.Base("/var/log/app.log") + " " + filepath.Dir("/var/log/app.log") + " " + filepath.Ext("a.tar.gz")',
      ),
    ).toBe('app.log /var/log .gz');
    expect(cel('path.Clean("/a/./b/../c/") + " " + filepath.Join(["a", "b", "../c"])')).toBe('/a/c a/c');
    expect(
      cel(
        'filepath.IsAbs("/etc") && !path.IsAbs("etc") && filepath.Match("*.log", "app.log") && !filepath.Match("*.log", "d/app.log")',
      ),
    ).toBe(true);
    expect(cel('filepath.Split("/etc/hosts")')).toEqual(['/etc/', 'hosts']);
  });

  it('checks addresses and passes debug values through', () => {
    expect(cel('net.IsValidIP("10.0.0.1") && net.IsValidIP("::1") && !net.IsValidIP("10.0.0")')).toBe(true);
    expect(cel('net.ContainsCIDR("10.0.0.0/8", "10.2.3.4") && !net.ContainsCIDR("10.0.0.0/8", "11.0.0.1")')).toBe(true);
    expect(cel('net.ContainsCIDR("fd00::/8", "fd00::5") && !net.ContainsCIDR("fd00::/8", "10.0.0.1")')).toBe(true);
    expect(() => cel('net.ContainsCIDR("10.0.0.0", "10.0.0.1")')).toThrow(/invalid CIDR/);
    expect(cel('debug("label", [1, 2]).size() + debug(1)')).toBe(3);
  });
});
