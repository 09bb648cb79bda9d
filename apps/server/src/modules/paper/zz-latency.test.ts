import { it } from 'vitest';
import { call, createTestApp } from '/work/wt/corpus/apps/server/src/test/helpers.js';

it('times searches', async () => {
  const t = await createTestApp({ PAPERS_STARTER: '1' });
  await t.app.services.papers.importStarter();
  await t.app.services.papers.index.ready();
  const time = async (label: string, keyword: string, n = 30) => {
    await call(t.app, 'GET', '/paper/search', { query: { keyword } });
    const ms: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const s = performance.now();
      await call(t.app, 'GET', '/paper/search', { query: { keyword } });
      ms.push(performance.now() - s);
    }
    ms.sort((a, b) => a - b);
    console.log(`${label}: median ${ms[n >> 1]!.toFixed(1)} ms, p90 ${ms[Math.floor(n * 0.9)]!.toFixed(1)} ms`);
  };
  await t.app.services.papers.setSource('local', undefined);
  await time('local source (old default), English', 'neural machine translation');
  await time('local source, 机器学习 (dictionary)', '机器学习');
  await t.app.services.papers.setSource('merged', undefined);
  await time('merged, OpenAlex refused (breaker open after 3)', 'neural machine translation');
  await time('merged, 机器学习', '机器学习');
  await t.close();
}, 600_000);
