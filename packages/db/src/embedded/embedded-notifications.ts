/**
 * LISTEN/NOTIFY for the embedded database, inside the one process that may open it. PGlite is a single
 * session: a `LISTEN` sent by any connection holds for all, and a committed `NOTIFY` comes back as a
 * NotificationResponse in the output of whichever connection ran the commit. The wire server finds those
 * messages ({@link NotificationScanner}) and posts their channel on a BroadcastChannel named after the
 * database's socket, which every thread of the process can subscribe to ({@link onEmbeddedNotification}):
 * the job thread's workers then wake on an enqueue made on the HTTP thread, after its commit, as they do
 * through a LISTEN connection on PostgreSQL.
 */
import { BroadcastChannel } from 'node:worker_threads';

const NOTIFICATION = 0x41; // A: NotificationResponse

/** The BroadcastChannel of the embedded database whose socket is in `socketDir` (a private temporary folder). */
function broadcastName(socketDir: string): string {
  return `mc-pglite-notifications:${socketDir}`;
}

/**
 * Follows one stream of backend messages, fed in chunks of any size, and calls `found` with the channel
 * of each NotificationResponse. Only message headers are read, except for notifications.
 */
export class NotificationScanner {
  private header = Buffer.alloc(0);
  /** Bytes of the current message's body still to come. */
  private remaining = 0;
  /** The body of a notification being read, else undefined. */
  private body: Buffer[] | undefined;

  constructor(private readonly found: (channel: string) => void) {}

  push(data: Uint8Array): void {
    let offset = 0;
    while (offset < data.length) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, data.length - offset);
        this.body?.push(Buffer.from(data.subarray(offset, offset + take)));
        this.remaining -= take;
        offset += take;
        if (this.remaining === 0 && this.body) this.notification(Buffer.concat(this.body));
        continue;
      }
      let type: number;
      let length: number;
      if (this.header.length === 0 && data.length - offset >= 5) {
        // the usual case, every message of a long answer: the header read where it is, no copy
        type = data[offset] as number;
        length =
          ((data[offset + 1] as number) << 24) |
          ((data[offset + 2] as number) << 16) |
          ((data[offset + 3] as number) << 8) |
          (data[offset + 4] as number);
        offset += 5;
      } else {
        const need = 5 - this.header.length;
        this.header = Buffer.concat([this.header, data.subarray(offset, offset + need)]);
        offset += Math.min(need, data.length - offset);
        if (this.header.length < 5) return;
        type = this.header[0] as number;
        length = this.header.readInt32BE(1);
        this.header = Buffer.alloc(0);
      }
      this.remaining = length - 4;
      this.body = type === NOTIFICATION ? [] : undefined;
      if (this.remaining === 0 && this.body) this.notification(Buffer.alloc(0));
    }
  }

  /** Body: the sending backend's pid (int32), then the channel and the payload, NUL-terminated. */
  private notification(body: Buffer): void {
    this.body = undefined;
    const end = body.indexOf(0, 4);
    if (end > 4) this.found(body.toString('utf8', 4, end));
  }
}

/** Posts each channel on the BroadcastChannel of the database whose socket is in `socketDir`; `close` ends it. */
export function embeddedNotificationSender(socketDir: string) {
  const channel = new BroadcastChannel(broadcastName(socketDir));
  channel.unref();
  return {
    send: (name: string) => channel.postMessage(name),
    close: () => channel.close(),
  };
}

/**
 * Calls `onNotification` with the channel of every notification the embedded database reached at
 * `endpoint` delivers from now on, in this thread; the subscription never keeps the thread alive. Only
 * channels some connection LISTENed on are delivered (PGlite sends nothing else).
 */
export function onEmbeddedNotification(endpoint: { socketDir: string }, onNotification: (channel: string) => void) {
  const channel = new BroadcastChannel(broadcastName(endpoint.socketDir));
  channel.unref();
  channel.onmessage = (event) => {
    const data: unknown = (event as { data?: unknown }).data; // a MessageEvent; only its data matters
    if (typeof data === 'string') onNotification(data);
  };
  return { close: () => channel.close() };
}
