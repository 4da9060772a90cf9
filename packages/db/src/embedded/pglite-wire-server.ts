/**
 * The embedded database's socket server: PostgreSQL's wire protocol on a private unix socket, in front
 * of PGlite's single session, safe for several client connections (the server process's HTTP pool and
 * its job thread's pool).
 *
 * Why not `@electric-sql/pglite-socket`'s server: it queues single protocol messages, so the Parse of
 * one connection can land between another's Parse and Bind (both use the unnamed statement) — fine for
 * one client, wrong for two. Here each connection's messages are grouped up to their Sync (or simple
 * Query, or Flush) and a group runs whole; while a connection holds an open transaction only its
 * groups run; named statements get a per-connection prefix, since the session's namespace is shared.
 * Connections whose `application_name` is the priority name (the job thread's) go first, so a burst
 * of reads on the HTTP side delays the check runner by at most the one group already running.
 */
import { rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { NotificationScanner } from './embedded-notifications.js';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

const PARSE = 0x50; // P
const BIND = 0x42; // B
const DESCRIBE = 0x44; // D
const CLOSE = 0x43; // C
const SYNC = 0x53; // S
const QUERY = 0x51; // Q
const FLUSH = 0x48; // H
const TERMINATE = 0x58; // X

interface Connection {
  id: number;
  socket: Socket;
  buffer: Buffer;
  started: boolean;
  priority: boolean;
  closed: boolean;
  /** Messages since the last Sync/Query/Flush, not yet handed to the queue. */
  pending: Buffer[];
  /** Session-wide names of the statements this connection prepared, deallocated when it closes. */
  statements: Set<string>;
}

interface Group {
  connection: Connection;
  messages: Buffer[];
  /** Statements to deallocate instead of messages: a closed connection's. */
  deallocate?: string[];
}

/** Options of {@link PgliteWireServer}. */
export interface PgliteWireServerOptions {
  /** The unix socket path (`.s.PGSQL.<port>` inside a private directory). */
  path: string;
  maxConnections: number;
  /** Connections opened with this `application_name` are served before the others. */
  priorityApplication?: string;
  /** Called with the channel of each notification the session delivers (embedded-notifications.ts). */
  onNotification?: (channel: string) => void;
}

/** Reads a NUL-terminated string at `offset`; returns it and the offset after its NUL. */
function cString(message: Buffer, offset: number): [string, number] {
  const end = message.indexOf(0, offset);
  const stop = end < 0 ? message.length : end;
  return [message.toString('utf8', offset, stop), stop + 1];
}

/** The startup message's `application_name` parameter, if any. */
function applicationName(startup: Buffer): string | undefined {
  let offset = 8;
  while (offset < startup.length && startup[offset] !== 0) {
    const [key, afterKey] = cString(startup, offset);
    const [value, afterValue] = cString(startup, afterKey);
    if (key === 'application_name') return value;
    offset = afterValue;
  }
  return undefined;
}

/** Rebuilds a message whose body starts with `head` bytes, then a statement name, then `rest`. */
function withName(type: number, head: Buffer, name: string, rest: Buffer): Buffer {
  const nameBytes = Buffer.from(`${name}\0`, 'utf8');
  const length = 4 + head.length + nameBytes.length + rest.length;
  const out = Buffer.allocUnsafe(1 + length);
  out[0] = type;
  out.writeInt32BE(length, 1);
  head.copy(out, 5);
  nameBytes.copy(out, 5 + head.length);
  rest.copy(out, 5 + head.length + nameBytes.length);
  return out;
}

/**
 * Gives a named prepared statement a per-connection prefix in Parse, Bind, Describe and Close, so two
 * connections preparing the same name do not collide in PGlite's one session. Unnamed statements pass.
 */
function scopeStatementName(message: Buffer, connection: Connection): Buffer {
  const type = message[0];
  const prefix = (name: string) => (name ? `c${connection.id}_${name}` : name);
  if (type === PARSE) {
    const [name, after] = cString(message, 5);
    if (name) connection.statements.add(prefix(name));
    return name ? withName(type, Buffer.alloc(0), prefix(name), message.subarray(after)) : message;
  }
  if (type === BIND) {
    const [, afterPortal] = cString(message, 5);
    const [name, after] = cString(message, afterPortal);
    return name ? withName(type, message.subarray(5, afterPortal), prefix(name), message.subarray(after)) : message;
  }
  if ((type === DESCRIBE || type === CLOSE) && message[5] === 0x53 /* S: a statement, not a portal */) {
    const [name, after] = cString(message, 6);
    return name ? withName(type, message.subarray(5, 6), prefix(name), message.subarray(after)) : message;
  }
  return message;
}

/** PostgreSQL's wire protocol for several connections over one PGlite instance. */
export class PgliteWireServer {
  private server: Server | null = null;
  private readonly connections = new Set<Connection>();
  private readonly queue: Group[] = [];
  /** Work that needs the session alone and outside any transaction (a backup); runs before queued groups. */
  private readonly tasks: (() => Promise<void>)[] = [];
  /** The connection whose transaction is open: only its groups run until it ends. */
  private owner: Connection | null = null;
  private draining = false;
  private nextId = 1;

  constructor(
    private readonly db: PGlite,
    private readonly options: PgliteWireServerOptions,
  ) {}

  /** Listens on the socket path. */
  async start(): Promise<void> {
    rmSync(this.options.path, { force: true });
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.path, () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  /**
   * Runs `task` alone on the session once no transaction is open (a transaction in progress finishes
   * first; other connections' statements wait), so what it reads of the data directory is the state
   * after a commit: a backup taken this way is consistent while the server keeps writing.
   */
  runBetweenTransactions<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.tasks.push(() => task().then(resolve, reject));
      void this.drain();
    });
  }

  /** Closes every connection (rolling back an open transaction) and stops listening. */
  async stop(): Promise<void> {
    for (const connection of this.connections) connection.socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    while (this.draining) await new Promise((resolve) => setTimeout(resolve, 5));
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
  }

  private accept(socket: Socket): void {
    if (this.connections.size >= this.options.maxConnections) {
      socket.end('Too many connections\n');
      return;
    }
    socket.setNoDelay(true);
    const connection: Connection = {
      id: this.nextId++,
      socket,
      buffer: Buffer.alloc(0),
      started: false,
      priority: false,
      closed: false,
      pending: [],
      statements: new Set(),
    };
    this.connections.add(connection);
    socket.on('data', (chunk: Buffer) => this.receive(connection, chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      connection.closed = true;
      this.connections.delete(connection);
      for (let i = this.queue.length - 1; i >= 0; i--)
        if (this.queue[i]?.connection === connection) this.queue.splice(i, 1);
      // A client pool replaces a connection after any error; its statements must not outlive it in
      // the one shared session (they would pile up with every replaced connection).
      if (connection.statements.size > 0)
        this.queue.push({ connection, messages: [], deallocate: [...connection.statements] });
      void this.drain();
    });
  }

  private receive(connection: Connection, chunk: Buffer): void {
    connection.buffer = connection.buffer.length === 0 ? chunk : Buffer.concat([connection.buffer, chunk]);
    while (!connection.closed) {
      const buffer = connection.buffer;
      if (!connection.started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        const code = buffer.readInt32BE(4);
        if (length === 8 && (code === SSL_REQUEST || code === GSSENC_REQUEST)) {
          connection.socket.write('N');
          connection.buffer = buffer.subarray(8);
          continue;
        }
        if (length === 16 && code === CANCEL_REQUEST) {
          connection.socket.end(); // PGlite has no backend to signal
          return;
        }
        if (buffer.length < length) return;
        const startup = Buffer.from(buffer.subarray(0, length));
        connection.buffer = buffer.subarray(length);
        connection.started = true;
        connection.priority =
          this.options.priorityApplication !== undefined &&
          applicationName(startup) === this.options.priorityApplication;
        this.enqueue({ connection, messages: [startup] });
        continue;
      }
      if (buffer.length < 5) return;
      const length = 1 + buffer.readInt32BE(1);
      if (buffer.length < length) return;
      const message = Buffer.from(buffer.subarray(0, length));
      connection.buffer = buffer.subarray(length);
      const type = message[0];
      if (type === TERMINATE) {
        connection.socket.end();
        return;
      }
      connection.pending.push(scopeStatementName(message, connection));
      if (type === SYNC || type === QUERY || type === FLUSH) {
        this.enqueue({ connection, messages: connection.pending });
        connection.pending = [];
      }
    }
  }

  private enqueue(group: Group): void {
    this.queue.push(group);
    void this.drain();
  }

  /** The next group to run: the transaction owner's, else the first priority connection's, else the oldest. */
  private nextIndex(): number {
    if (this.owner) return this.queue.findIndex((group) => group.connection === this.owner);
    const priority = this.queue.findIndex((group) => group.connection.priority);
    if (priority >= 0) return priority;
    return this.queue.length > 0 ? 0 : -1;
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      for (;;) {
        if (this.owner?.closed) {
          await this.db.exec('ROLLBACK');
          this.owner = null;
        }
        const task = this.owner ? undefined : this.tasks.shift();
        if (task) {
          await task();
          continue;
        }
        const index = this.nextIndex();
        if (index < 0) return;
        const [group] = this.queue.splice(index, 1);
        if (group) await this.run(group);
      }
    } finally {
      this.draining = false;
    }
  }

  private async run({ connection, messages, deallocate }: Group): Promise<void> {
    if (deallocate) {
      for (const name of deallocate) {
        // The Parse may have failed, so the statement may not exist; nothing else can fail here.
        await this.db.exec(`DEALLOCATE "${name.replaceAll('"', '""')}"`).catch(() => {});
      }
      return;
    }
    const { onNotification } = this.options;
    const scanner = onNotification ? new NotificationScanner(onNotification) : undefined;
    const write = (data: Uint8Array) => {
      scanner?.push(data);
      if (!connection.closed && data.length > 0) connection.socket.write(Buffer.from(data));
    };
    try {
      await this.db.runExclusive(async () => {
        // The data directory is synced once per group, after its last message.
        for (const [i, message] of messages.entries()) {
          await this.db.execProtocolRawStream(message, { onRawData: write, syncToFs: i === messages.length - 1 });
        }
      });
    } catch {
      connection.socket.destroy();
    }
    this.owner = this.db.isInTransaction() ? connection : null;
  }
}
