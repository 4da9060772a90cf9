/**
 * A minimal tar (POSIX ustar) writer for snapshot archives: regular files with short names, built in
 * memory. Enough for a handful of JSON files; no dependency needed for it.
 */

const BLOCK = 512;

function writeString(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value.slice(0, length), offset, length, 'utf8');
}

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  writeString(header, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

function headerOf(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  const header = Buffer.alloc(BLOCK, 0);
  writeString(header, 0, 100, name);
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, size);
  writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header.fill(0x20, 148, 156); // the checksum is computed with its own field as spaces
  writeString(header, 156, 1, '0');
  writeString(header, 257, 6, 'ustar\0');
  writeString(header, 263, 2, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  writeString(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** One file of an archive. */
export interface TarEntry {
  name: string;
  content: string | Buffer;
}

/** The archive of `entries`, each file stamped `mtime`. */
export function tarArchive(entries: readonly TarEntry[], mtime: Date = new Date()): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const body = typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : entry.content;
    parts.push(headerOf(entry.name, body.length, mtime), body);
    const pad = (BLOCK - (body.length % BLOCK)) % BLOCK;
    if (pad > 0) parts.push(Buffer.alloc(pad, 0));
  }
  parts.push(Buffer.alloc(BLOCK * 2, 0));
  return Buffer.concat(parts);
}
