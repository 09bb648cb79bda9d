// The chat bench's client side: opens server-sent-event streams with node:http
// (keep-alive, no socket limit; lighter than fetch's web streams, so the
// client takes less of the two cores it shares with the server under test)
// and measures them in two ways:
//
// - steady(): N streams open at once, as a busy server sees them. N workers
//   start one after another across a ramp of one answer's length, then each
//   asks again as soon as its answer ends, so starts stay spread out and N
//   answers are always streaming. Figures come from a window after the ramp:
//   time to first token of the streams that started in it, and content chunks
//   delivered in it per second.
// - burst(): N streams started in the same millisecond (a stress figure:
//   the time to first token then includes queueing behind N-1 other starts).
// - alternate(): one stream, the paths taking turns one answer at a time
//   (the p50s rest on many samples and drift hits both paths alike).
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, keepAliveMsecs: 10_000 });

/**
 * POSTs `body` to `url` and reads the event stream. `isContent(frame)` says
 * which frames are content chunks; `onChunk(now)` is called for each. Resolves
 * with the start time, the times of the first and last content chunks, the
 * chunk count and whether the stream failed (an error event, or a non-200 answer).
 */
export function openStream(url, { headers = {}, body, isContent, onChunk, onFirst }) {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const started = performance.now();
    let first = Number.NaN;
    let last = Number.NaN;
    let chunks = 0;
    let failed = false;
    let rest = '';
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), accept: 'text/event-stream', ...headers } }, (res) => {
      if (res.statusCode !== 200) failed = true;
      res.setEncoding('utf8');
      res.on('data', (text) => {
        const now = performance.now();
        rest += text;
        let index;
        while ((index = rest.indexOf('\n\n')) >= 0) {
          const frame = rest.slice(0, index);
          rest = rest.slice(index + 2);
          if (frame.startsWith('event: error')) failed = true;
          if (isContent(frame)) {
            chunks += 1;
            if (Number.isNaN(first)) {
              first = now;
              onFirst?.();
            }
            last = now;
            onChunk?.(now);
          }
        }
      });
      res.on('end', () => resolve({ started, first, last, chunks, failed }));
      res.on('error', () => resolve({ started, first, last, chunks, failed: true }));
    });
    req.on('error', () => resolve({ started, first, last, chunks, failed: true }));
    req.end(payload);
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted, p) {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

function summary(results, expectedChunks) {
  const ttfts = results.filter((r) => !Number.isNaN(r.first)).map((r) => r.first - r.started).sort((a, b) => a - b);
  return {
    samples: results.length,
    p50: percentile(ttfts, 0.5),
    p99: percentile(ttfts, 0.99),
    // Streams that failed or came up short are counted, not hidden.
    errors: results.filter((r) => r.failed || r.chunks !== expectedChunks).length,
  };
}

/**
 * N streams kept open at once (see the file comment). `open(i, onChunk)` opens
 * worker i's next stream. `rampMs` should be at least one answer's length.
 */
export async function steady(n, open, { rampMs, windowMs, expectedChunks }) {
  const t0 = performance.now();
  const windowStart = t0 + rampMs;
  const windowEnd = windowStart + windowMs;
  let delivered = 0;
  const onChunk = (now) => {
    if (now >= windowStart && now < windowEnd) delivered += 1;
  };
  const measured = [];
  const worker = async (i) => {
    await sleep((i * rampMs) / n);
    while (performance.now() < windowEnd) {
      const result = await open(i, onChunk);
      if (result.started >= windowStart && result.started < windowEnd) measured.push(result);
    }
  };
  await Promise.all(Array.from({ length: n }, (_, i) => worker(i)));
  return { ...summary(measured, expectedChunks), rate: delivered / (windowMs / 1000) };
}

/** N streams started at once; chunks per second over the whole burst. */
export async function burst(n, open, { expectedChunks }) {
  const started = performance.now();
  let delivered = 0;
  const results = await Promise.all(Array.from({ length: n }, (_, i) => open(i, () => (delivered += 1))));
  const seconds = (performance.now() - started) / 1000;
  return { ...summary(results, expectedChunks), rate: delivered / seconds };
}

/**
 * One stream at a time, the paths of `opens` taking turns for `samples`
 * answers each (after a few unmeasured ones). Chunks per second are each
 * path's chunks after the first over the time from first to last chunk (the
 * delivery rate once an answer streams; the start is what TTFT measures).
 */
export async function alternate(samples, opens, { expectedChunks }) {
  const measured = opens.map(() => []);
  for (let i = 0; i < samples + 5; i += 1) {
    for (const [k, open] of opens.entries()) {
      const result = await open(() => undefined);
      if (i >= 5) measured[k].push(result);
    }
  }
  return measured.map((results) => {
    const streamed = results.filter((r) => r.chunks > 1);
    const chunks = streamed.reduce((n, r) => n + r.chunks - 1, 0);
    const seconds = streamed.reduce((t, r) => t + (r.last - r.first), 0) / 1000;
    return { ...summary(results, expectedChunks), rate: chunks / seconds };
  });
}
