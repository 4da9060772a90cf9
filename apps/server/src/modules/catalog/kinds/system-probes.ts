/**
 * What the system scraper reads of this host: mounted disks (`/proc/mounts` + statfs), network
 * interfaces, and listening TCP ports (`/proc/net/tcp`, `/proc/net/tcp6`). On a host without `/proc`
 * (macOS) disks and ports are empty rather than errors.
 */
import { readFile, statfs } from 'node:fs/promises';

/** Real file systems worth listing (pseudo ones like proc, cgroup, tmpfs are left out). */
const DISK_FS = new Set([
  'ext2',
  'ext3',
  'ext4',
  'xfs',
  'btrfs',
  'zfs',
  'overlay',
  'vfat',
  'ntfs',
  'f2fs',
  'nfs',
  'nfs4',
  'apfs',
]);

/** One mounted disk. */
export interface Disk {
  mount: string;
  device: string;
  fstype: string;
  sizeBytes: number;
  usedPercent: number;
}

/** One listening TCP socket. */
export interface ListeningPort {
  protocol: 'tcp' | 'tcp6';
  address: string;
  port: number;
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return ''; // not Linux, or not readable: nothing to list
  }
}

/** Mounted real file systems with their size and use. */
export async function disks(): Promise<Disk[]> {
  const out: Disk[] = [];
  const seen = new Set<string>();
  for (const line of (await readText('/proc/mounts')).split('\n')) {
    const [device = '', mount = '', fstype = ''] = line.split(' ');
    if (!DISK_FS.has(fstype) || seen.has(mount)) continue;
    seen.add(mount);
    try {
      const stats = await statfs(mount.replaceAll('\\040', ' '));
      const size = stats.blocks * stats.bsize;
      const free = stats.bavail * stats.bsize;
      out.push({
        mount,
        device,
        fstype,
        sizeBytes: size,
        usedPercent: size > 0 ? Math.round(((size - free) / size) * 100) : 0,
      });
    } catch {
      // a mount we may not stat (permissions, a vanished bind mount): left out
    }
  }
  return out;
}

function hexIpv4(hex: string): string {
  const bytes = hex.match(/../g) ?? [];
  return bytes
    .reverse()
    .map((byte) => Number.parseInt(byte, 16))
    .join('.');
}

function hexIpv6(hex: string): string {
  const words: string[] = [];
  for (let i = 0; i < 32; i += 8) {
    const group = hex.slice(i, i + 8).match(/../g) ?? [];
    const word = group.reverse().join('');
    words.push(word.slice(0, 4), word.slice(4, 8));
  }
  return words
    .map((word) => word.replace(/^0+(?=.)/, ''))
    .join(':')
    .toLowerCase();
}

/** TCP sockets in LISTEN state. */
export async function listeningPorts(): Promise<ListeningPort[]> {
  const out = new Map<string, ListeningPort>();
  for (const protocol of ['tcp', 'tcp6'] as const) {
    for (const line of (await readText(`/proc/net/${protocol}`)).split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] !== '0A') continue; // 0A = LISTEN
      const [hex = '', portHex = '0'] = (fields[1] ?? '').split(':');
      const address = protocol === 'tcp' ? hexIpv4(hex) : hexIpv6(hex);
      const port = Number.parseInt(portHex, 16);
      out.set(`${protocol}/${address}:${port}`, { protocol, address, port });
    }
  }
  return [...out.values()].sort((a, b) => a.port - b.port || a.address.localeCompare(b.address));
}
