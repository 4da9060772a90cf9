import { describe, expect, it } from 'vitest';
import { tarArchive } from './tar-writer.js';

function readEntries(archive: Buffer): { name: string; content: string }[] {
  const entries: { name: string; content: string }[] = [];
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = Number.parseInt(header.subarray(124, 136).toString('utf8').replace(/\0.*$/s, ''), 8);
    const stored = Number.parseInt(header.subarray(148, 154).toString('utf8'), 8);
    const copy = Buffer.from(header);
    copy.fill(0x20, 148, 156);
    expect(copy.reduce((sum, byte) => sum + byte, 0)).toBe(stored);
    entries.push({ name, content: archive.subarray(offset + 512, offset + 512 + size).toString('utf8') });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

describe('tarArchive', () => {
  it('writes ustar entries with valid checksums, padded to blocks and closed by two empty blocks', () => {
    const big = 'x'.repeat(1000);
    const archive = tarArchive([
      { name: 'a.json', content: '{"a":1}\n' },
      { name: 'big.json', content: big },
      { name: 'ünïcode.json', content: '"é"' },
    ]);
    expect(archive.length % 512).toBe(0);
    expect(archive.subarray(257, 263).toString('latin1')).toBe('ustar\0');
    expect(readEntries(archive)).toEqual([
      { name: 'a.json', content: '{"a":1}\n' },
      { name: 'big.json', content: big },
      { name: 'ünïcode.json', content: '"é"' },
    ]);
    expect(archive.subarray(-1024).every((byte) => byte === 0)).toBe(true);
  });

  it('refuses a name longer than the header holds', () => {
    expect(() => tarArchive([{ name: 'n'.repeat(101), content: '' }])).toThrow(/too long/);
  });
});
