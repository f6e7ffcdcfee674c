/**
 * A crowd of event-stream clients for test/bench/scale.bench.ts, in a process of its own so that its CPU is counted
 * apart from the api's. It holds many `GET /events?lot=<id>` streams on raw sockets (an HTTP client's per-stream
 * cost would be measured instead of the api's), then, for each bid the bench asks for, places the bid and times
 * the lot event's arrival on every stream, on this process's one clock.
 *
 * Driven over IPC (child_process.fork): `open` → `opened`, `bid` → `fanOut`, `close` ends the process.
 */
import { request } from 'node:http';
import net from 'node:net';

export type StreamCommand =
  | { kind: 'open'; port: number; path: string; count: number }
  | { kind: 'bid'; port: number; lotId: string; token: string; amount: number; timeoutMs: number }
  | { kind: 'close' };

export type StreamReport =
  | { kind: 'opened'; open: number; failed: number; ms: number }
  /** ms from the bid's 201 (and from sending it) to the event on each stream that got it, ascending. */
  | { kind: 'fanOut'; status: number; fromReply: number[]; fromSend: number[]; missing: number };

interface Stream {
  socket: net.Socket;
  /** The end of the last chunk: a marker split between two chunks is still found. */
  tail: string;
  ready: boolean;
  arrivedAt: number | null;
}

/** How many streams may be connecting at once: below the api's listen backlog. */
const CONNECTING = 200;

const streams: Stream[] = [];
let waiting = false;
let arrived = 0;
let onArrival: (() => void) | null = null;

function send(report: StreamReport): void {
  process.send!(report);
}

/** Opens one stream; settles true once the api's `ready` event arrived on it, false if it failed or closed first. */
function openStream(port: number, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const stream: Stream = { socket: net.connect(port, '127.0.0.1'), tail: '', ready: false, arrivedAt: null };
    stream.socket.setNoDelay(true);
    stream.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
    let answered = false;
    stream.socket.on('data', (chunk: Buffer) => {
      const text = stream.tail + chunk.toString('latin1');
      stream.tail = text.slice(-16);
      // A refusal (a rate limit, say) keeps its connection open: it counts as failed at once.
      if (!answered && !text.startsWith('HTTP/1.1 200')) return void stream.socket.destroy();
      answered = true;
      if (!stream.ready && text.includes('event: ready')) {
        stream.ready = true;
        streams.push(stream);
        resolve(true);
      }
      if (waiting && stream.arrivedAt === null && text.includes('event: lot')) {
        stream.arrivedAt = performance.now();
        arrived++;
        onArrival?.();
      }
    });
    stream.socket.on('error', () => {});
    stream.socket.on('close', () => {
      stream.ready = false;
      resolve(false);
    });
  });
}

async function open(command: Extract<StreamCommand, { kind: 'open' }>): Promise<void> {
  const started = performance.now();
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < command.count) {
      next++;
      if (!(await openStream(command.port, command.path))) failed++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTING }, worker));
  send({ kind: 'opened', open: streams.length, failed, ms: performance.now() - started });
}

/** Places one bid (its own connection, no keep-alive) and times the lot event on every open stream. */
async function bid(command: Extract<StreamCommand, { kind: 'bid' }>): Promise<void> {
  const live = streams.filter((s) => s.ready);
  for (const stream of live) stream.arrivedAt = null;
  arrived = 0;
  waiting = true;
  let timer: NodeJS.Timeout | undefined;
  const allArrived = new Promise<void>((resolve) => {
    onArrival = () => arrived >= live.length && resolve();
    timer = setTimeout(resolve, command.timeoutMs);
  });
  const sentAt = performance.now();
  const { status, repliedAt } = await new Promise<{ status: number; repliedAt: number }>((resolve, reject) => {
    const body = JSON.stringify({ amount: command.amount });
    const req = request(
      {
        host: '127.0.0.1',
        port: command.port,
        method: 'POST',
        path: `/auctions/${command.lotId}/bids`,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${command.token}` },
      },
      (res) => {
        const repliedAt = performance.now();
        res.resume();
        resolve({ status: res.statusCode ?? 0, repliedAt });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  if (status === 201) await allArrived;
  clearTimeout(timer);
  waiting = false;
  onArrival = null;
  const times = live.flatMap((s) => (s.arrivedAt === null ? [] : [s.arrivedAt]));
  const ascending = (values: number[]) => values.sort((a, b) => a - b);
  send({
    kind: 'fanOut',
    status,
    fromReply: ascending(times.map((t) => t - repliedAt)),
    fromSend: ascending(times.map((t) => t - sentAt)),
    missing: live.length - times.length,
  });
}

process.on('message', (command: StreamCommand) => {
  if (command.kind === 'open') void open(command);
  else if (command.kind === 'bid') void bid(command);
  else {
    for (const stream of streams) stream.socket.destroy();
    process.disconnect();
  }
});
