/**
 * A small authoritative DNS responder on UDP (node:dgram) for tests: it answers A, AAAA, CNAME, MX,
 * TXT, SRV, NS and PTR questions from a fixed record table, NXDOMAIN for unknown names, and never
 * answers names listed as silent (to exercise timeouts). It listens on 127.0.0.1, port 0.
 */
import { createSocket, type Socket } from 'node:dgram';
import { parseIPv4, parseIPv6 } from '../../../../platform/egress/ip-address.js';

/** Record values by type; names are matched case-insensitively without the trailing dot. */
export interface DnsRecords {
  A?: string[];
  AAAA?: string[];
  CNAME?: string[];
  NS?: string[];
  PTR?: string[];
  MX?: { exchange: string; priority: number }[];
  TXT?: string[][];
  SRV?: { priority: number; weight: number; port: number; target: string }[];
}

const TYPE_CODES = { A: 1, NS: 2, CNAME: 5, PTR: 12, MX: 15, TXT: 16, AAAA: 28, SRV: 33 } as const;
type RecordType = keyof typeof TYPE_CODES;

function encodeName(name: string): Buffer {
  const labels = name.replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);
}

function u16(value: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(value);
  return buffer;
}

function rdata(type: RecordType, records: DnsRecords): Buffer[] {
  switch (type) {
    case 'A':
      return (records.A ?? []).map((ip) => Buffer.from(parseIPv4(ip)?.bytes ?? []));
    case 'AAAA':
      return (records.AAAA ?? []).map((ip) => Buffer.from(parseIPv6(ip)?.bytes ?? []));
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return (records[type] ?? []).map(encodeName);
    case 'MX':
      return (records.MX ?? []).map((mx) => Buffer.concat([u16(mx.priority), encodeName(mx.exchange)]));
    case 'TXT':
      return (records.TXT ?? []).map((chunks) =>
        Buffer.concat(chunks.map((chunk) => Buffer.concat([Buffer.from([chunk.length]), Buffer.from(chunk)]))),
      );
    case 'SRV':
      return (records.SRV ?? []).map((srv) =>
        Buffer.concat([u16(srv.priority), u16(srv.weight), u16(srv.port), encodeName(srv.target)]),
      );
  }
}

function readQuestion(message: Buffer): { name: string; type: number; end: number } | null {
  let offset = 12;
  const labels: string[] = [];
  while (offset < message.length) {
    const length = message[offset] ?? 0;
    offset += 1;
    if (length === 0) break;
    labels.push(message.subarray(offset, offset + length).toString('ascii'));
    offset += length;
  }
  if (offset + 4 > message.length) return null;
  return { name: labels.join('.').toLowerCase(), type: message.readUInt16BE(offset), end: offset + 4 };
}

/** A running responder: its port, a query counter, and close(). */
export interface DnsResponder {
  port: number;
  queries: () => number;
  close(): Promise<void>;
}

/**
 * Starts a responder answering from `zone`; names in `silent` are never answered, names in `slow` are
 * answered after that many milliseconds (to exercise thresholdMillis).
 */
export async function startDnsResponder(
  zone: Record<string, DnsRecords>,
  silent: string[] = [],
  slow: Record<string, number> = {},
): Promise<DnsResponder> {
  const socket: Socket = createSocket('udp4');
  let count = 0;
  socket.on('message', (message, remote) => {
    count++;
    const question = readQuestion(message);
    if (!question || silent.includes(question.name)) return;
    const records = zone[question.name];
    // Object.keys of a literal map: exactly its record types.
    const typeName = (Object.keys(TYPE_CODES) as RecordType[]).find((key) => TYPE_CODES[key] === question.type);
    const answers = records && typeName ? rdata(typeName, records) : [];
    const header = Buffer.alloc(12);
    header.writeUInt16BE(message.readUInt16BE(0), 0);
    header.writeUInt16BE(records ? 0x8580 : 0x8583, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const body = answers.map((data) =>
      Buffer.concat([u16(0xc00c), u16(question.type), u16(1), Buffer.from([0, 0, 0, 60]), u16(data.length), data]),
    );
    const reply = Buffer.concat([header, message.subarray(12, question.end), ...body]);
    setTimeout(() => socket.send(reply, remote.port, remote.address), slow[question.name] ?? 0);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    port: socket.address().port,
    queries: () => count,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
