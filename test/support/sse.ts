/** Reads a server-sent-event stream the way a browser's EventSource would, for tests. */
export interface SseEvent {
  type: string;
  data: any;
  receivedAt: number;
}

export interface SseClient {
  events: SseEvent[];
  next(type: string, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

export async function openEvents(url: string): Promise<SseClient> {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  if (!res.ok || !res.body) throw new Error(`events stream answered ${res.status}`);
  const events: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type && data) events.push({ type, data: JSON.parse(data), receivedAt: performance.now() });
          waiters.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // aborted
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
    close: () => controller.abort(),
  };
}
