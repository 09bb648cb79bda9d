import { vi } from 'vitest';

export interface LiveStream {
  events: { type: string; conversation_id?: number }[];
  /** Resolves once an event matching `match` has arrived (waiting with vi.waitFor). */
  waitFor(match: (event: { type: string; conversation_id?: number }) => boolean): Promise<void>;
  close(): void;
}

/** Opens a support stream over real HTTP and collects its events until closed. */
export async function openLive(base: string, path: string, body: unknown, token?: string): Promise<LiveStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (token) headers.token = token;
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal: controller.signal });
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) throw new Error(`not a stream: ${res.status} ${await res.text()}`);
  const events: LiveStream['events'] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let index: number;
        while ((index = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer.slice(0, index).split('\n').find((line) => line.startsWith('data: '));
          buffer = buffer.slice(index + 2);
          if (data) events.push(JSON.parse(data.slice(6)) as LiveStream['events'][number]);
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  const live: LiveStream = {
    events,
    waitFor: (match) => vi.waitFor(() => {
      if (!events.some(match)) throw new Error(`no matching event in ${JSON.stringify(events)}`);
    }, { timeout: 5000, interval: 20 }),
    close: () => controller.abort(),
  };
  await live.waitFor((e) => e.type === 'ready');
  return live;
}
