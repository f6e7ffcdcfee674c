/** Reads a server-sent-event stream the way a browser's EventSource would, for tests. */
export interface SseEvent {
  type: string;
  data: any;
  receivedAt: number;
}

export interface SseClient {
  events: SseEvent[];
  next(type: string, timeoutMs?: number): Promise<SseEvent>;
  /** Settles when the stream stops: 'server' when the api ended or cut it, 'client' after close(). */
  ended: Promise<'server' | 'client'>;
  close(): void;
}

/** A signed-in tab's stream, as the dapp opens it: a ticket for the session first, never the token in the address. */
export async function openUserEvents(apiUrl: string, token: string, lots: string[] = []): Promise<SseClient> {
  const res = await fetch(`${apiUrl}/events/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`POST /events/ticket answered ${res.status}`);
  const { ticket } = (await res.json()) as { ticket: string };
  return openEvents(`${apiUrl}/events?${new URLSearchParams([['ticket', ticket], ...lots.map((lot) => ['lot', lot])])}`);
}

export async function openEvents(url: string): Promise<SseClient> {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  if (!res.ok || !res.body) throw new Error(`events stream answered ${res.status}`);
  const events: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async (): Promise<'server' | 'client'> => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'server';
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type && data) events.push({ type, data: JSON.parse(data), receivedAt: performance.now() });
          for (const wake of waiters.splice(0)) wake();
        }
      }
    } catch {
      return controller.signal.aborted ? 'client' : 'server';
    }
  })();
  let seen = 0;
  return {
    events,
    async next(type, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.slice(seen).find((e) => e.type === type);
        if (found) {
          seen = events.indexOf(found) + 1;
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no ${type} event within ${timeoutMs} ms`);
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 50);
        });
      }
    },
    ended,
    close: () => controller.abort(),
  };
}
