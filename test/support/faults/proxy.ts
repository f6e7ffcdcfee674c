/**
 * A TCP proxy between a process under test and one dependency (PostgreSQL, Redis, an HTTP stand-in), which
 * misbehaves on command, so a dependency can fail without touching the real one other tests share:
 * - `cut`: every open connection closed, new ones refused (as a stopped server);
 * - `reset`: every open and new connection reset (RST);
 * - `delay`: every chunk each way waits `ms` first (a slow network or a slow server);
 * - `blackhole`: connections accepted and read, never answered (a hung server or a dropped route);
 * - `http500`: each request answered `500` at once, the dependency never reached (an HTTP service failing on its side);
 * - `loseReply`: requests pass, but once one holding `after` has gone through, its connection's answers are dropped
 *   (the dependency did the work and the caller never hears it); once, then traffic passes again.
 * `restore()` passes traffic again; connections opened meanwhile stay as they were (a black-holed one stays hung,
 * as after a real outage).
 */
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';

export type Fault = { kind: 'cut' } | { kind: 'reset' } | { kind: 'delay'; ms: number } | { kind: 'blackhole' } | { kind: 'http500' } | { kind: 'loseReply'; after: string };

export interface FaultProxy {
  /** What the process under test connects to, host:port. */
  readonly port: number;
  readonly name: string;
  /** The fault now in force, or null. */
  readonly fault: Fault | null;
  /** `connections`: the fault lasts only for that many new connections, then traffic passes again (a blip). */
  inject(fault: Fault, options?: { connections?: number }): void;
  restore(): void;
  /** Connections accepted so far (a dependency the process never used shows 0). */
  readonly accepted: number;
  close(): Promise<void>;
}

const HTTP_500 =
  'HTTP/1.1 500 Internal Server Error\r\ncontent-type: application/json\r\ncontent-length: 71\r\nconnection: close\r\n\r\n{"error":{"type":"api_error","message":"fault injected by the harness"}}';

export async function startFaultProxy(name: string, target: { host?: string; port: number }): Promise<FaultProxy> {
  let fault: Fault | null = null;
  let accepted = 0;
  /** New connections the fault still applies to; Infinity until restore(). */
  let faultsLeft = Number.POSITIVE_INFINITY;
  const open = new Set<Socket>();
  let listener: Server | null = null;
  let port = 0;

  /** Connections whose answers are dropped (`loseReply`). */
  const deaf = new WeakSet<Socket>();
  const pipe = (from: Socket, to: Socket, client: Socket, replies: boolean) => {
    from.on('data', (chunk: Buffer) => {
      const current = fault;
      if (current?.kind === 'blackhole') return; // swallowed
      if (replies && deaf.has(client)) return;
      if (!replies && current?.kind === 'loseReply' && chunk.includes(current.after)) {
        deaf.add(client);
        fault = null;
      }
      if (current?.kind === 'delay') {
        from.pause();
        setTimeout(() => {
          if (!to.destroyed) to.write(chunk);
          from.resume();
        }, current.ms);
        return;
      }
      if (!to.destroyed) to.write(chunk);
    });
    from.on('end', () => to.end());
  };

  const onConnection = (client: Socket) => {
    accepted++;
    client.on('error', () => {});
    const current = fault;
    if (current && --faultsLeft <= 0) fault = null;
    if (current?.kind === 'reset') return void client.resetAndDestroy();
    if (current?.kind === 'blackhole') {
      open.add(client);
      client.on('close', () => open.delete(client));
      client.resume(); // read and drop
      return;
    }
    if (current?.kind === 'http500') {
      client.once('data', () => client.end(HTTP_500));
      return;
    }
    const upstream = new Socket();
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => {
      upstream.destroy();
      open.delete(client);
    });
    upstream.on('close', () => client.destroy());
    open.add(client);
    (client as Socket & { upstream?: Socket }).upstream = upstream;
    upstream.connect(target.port, target.host ?? '127.0.0.1', () => {
      pipe(client, upstream, client, false);
      pipe(upstream, client, client, true);
    });
  };

  const listen = (onPort: number) =>
    new Promise<void>((resolve, reject) => {
      listener = createServer({ pauseOnConnect: false }, onConnection);
      listener.once('error', reject).listen(onPort, '127.0.0.1', () => {
        port = (listener!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen(0);

  /** Stops accepting (new connections are refused, as by a stopped server). */
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const l = listener;
      listener = null;
      if (!l) return resolve();
      l.close(() => resolve());
    });

  return {
    get port() {
      return port;
    },
    name,
    get fault() {
      return fault;
    },
    get accepted() {
      return accepted;
    },
    inject(next: Fault, options = {}) {
      fault = next;
      faultsLeft = options.connections ?? Number.POSITIVE_INFINITY;
      if (next.kind === 'cut') {
        void stopListening();
        for (const s of open) s.destroy();
      } else if (next.kind === 'reset' || next.kind === 'http500') {
        for (const s of open) s.resetAndDestroy();
      }
    },
    restore() {
      const was = fault;
      fault = null;
      // A cut stopped listening: listen again on the same port, so the process finds its dependency where it was.
      if (was?.kind === 'cut' && !listener) void listen(port);
    },
    async close() {
      await stopListening();
      for (const s of open) s.destroy();
    },
  };
}
