import { describe, expect, it } from 'vitest';
import { cidrContains, classifyIp, parseCidr, parseIpLiteral } from './ip-address.js';

const text = (input: string) => parseIpLiteral(input)?.text ?? null;
const ip = (input: string) => {
  const parsed = parseIpLiteral(input);
  if (!parsed) throw new Error(`not an address: ${input}`);
  return parsed;
};

describe('IP literal parsing', () => {
  it('reads every inet_aton IPv4 form', () => {
    for (const form of [
      '169.254.169.254',
      '2852039166',
      '0xA9FEA9FE',
      '0251.0376.0251.0376',
      '169.254.43518',
      '169.16689662',
      '0xa9.0xfe.0xa9.0xfe',
      '169.254.169.254.',
    ]) {
      expect(text(form), form).toBe('169.254.169.254');
    }
    expect(text('127.1')).toBe('127.0.0.1');
    expect(text('0')).toBe('0.0.0.0');
  });

  it('rejects what is not an address', () => {
    for (const form of ['example.com', '256.1.1.1', '1.2.3.4.5', '08.1.1.1', '4294967296', '1.2.65536', '']) {
      expect(text(form), form).toBeNull();
    }
  });

  it('reads IPv6 with brackets, zones and embedded IPv4', () => {
    expect(text('[::1]')).toBe('::1');
    expect(text('fe80::1%eth0')).toBe('fe80::1');
    expect(text('0:0:0:0:0:ffff:a9fe:a9fe')).toBe('::ffff:a9fe:a9fe');
    expect(parseIpLiteral('::ffff:169.254.169.254')?.embedded).toMatchObject({
      how: 'IPv4-mapped',
      ip: { text: '169.254.169.254' },
    });
    expect(parseIpLiteral('64:ff9b::a9fe:a9fe')?.embedded).toMatchObject({ how: 'NAT64' });
    expect(parseIpLiteral('2002:a9fe:a9fe::1')?.embedded).toMatchObject({ how: '6to4' });
    expect(text('1::2::3')).toBeNull();
  });
});

describe('address classes', () => {
  const kind = (input: string) => {
    const cls = classifyIp(ip(input));
    return `${cls.kind}: ${cls.label}`;
  };

  it('knows metadata, private and public addresses', () => {
    expect(kind('169.254.169.254')).toBe('metadata: a cloud metadata address');
    expect(kind('fd00:ec2::254')).toBe('metadata: a cloud metadata address');
    expect(kind('100.100.100.200')).toBe('metadata: a cloud metadata address');
    expect(kind('::ffff:a9fe:a9fe')).toBe('metadata: a cloud metadata address');
    expect(kind('169.254.1.1')).toBe('private: a link-local address');
    expect(kind('10.9.8.7')).toBe('private: a private (RFC 1918) address');
    expect(kind('::ffff:127.0.0.1')).toBe('private: a loopback address');
    expect(kind('fd12::1')).toBe('private: a unique local address');
    expect(kind('8.8.8.8')).toBe('public: a public address');
    expect(kind('2606:4700::1111')).toBe('public: a public address');
  });

  it('matches CIDR blocks bit by bit', () => {
    const block = parseCidr('172.16.0.0/12');
    expect(block).not.toBeNull();
    if (!block) return;
    expect(cidrContains(block, ip('172.31.255.255'))).toBe(true);
    expect(cidrContains(block, ip('172.32.0.0'))).toBe(false);
    expect(parseCidr('10.0.0.0/33')).toBeNull();
    expect(parseCidr('fd00::/8')).toMatchObject({ family: 6, prefix: 8 });
  });
});
