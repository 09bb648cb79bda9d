// Test stand-in for the parse thread (parse-pool.test.ts): reports `pages`
// progress messages `everyMs` apart, then a one-page outcome; `stallAfter`
// stops reporting after that many pages (a page that hangs).
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', async (message) => {
  const { pages, everyMs, stallAfter } = JSON.parse(new TextDecoder().decode(message.data));
  for (let page = 1; page <= pages; page += 1) {
    if (stallAfter !== undefined && page > stallAfter) return;
    parentPort?.postMessage({ id: message.id, progress: { page, pages } });
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  parentPort?.postMessage({ id: message.id, outcome: { ok: true, doc: { pages: [{ text: 'done', blocks: [] }] }, chunks: [] } });
});
