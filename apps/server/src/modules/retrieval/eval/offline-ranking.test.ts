import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { evalOffline, offlineCitations } from './offline-eval.js';
import { CHECK, TUNING } from './offline-questions.js';

/**
 * The offline channel over the full starter corpus (6,019 ACL abstracts) and
 * the help centre: product questions cite help first, research questions cite
 * papers and no help (decision 0030; figures in docs/benchmarks.md).
 */
describe('offline answers rank help and papers on one scale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAPERS_STARTER: '1' });
    await t.app.services.papers.importStarter();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('cites the help on payments, not papers on legislative bills, for a billing question', async () => {
    for (const [q, locale] of [
      ['How do I pay for a membership?', 'en'],
      ['会员怎么充值', 'zh'],
    ] as const) {
      const cited = await offlineCitations(t.app.services.retrieval, { kind: 'product', locale, q, topics: ['payments'] });
      expect(cited[0]).toMatchObject({ source: 'help', id: `payments.${locale}` });
      expect(cited.filter((p) => p.source === 'paper')).toEqual([]);
    }
  });

  it('still cites papers for a question about bills as research', async () => {
    const cited = await offlineCitations(t.app.services.retrieval, { kind: 'research', locale: 'en', q: 'classifying legislative bills' });
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.every((p) => p.source === 'paper')).toBe(true);
  });

  it('gets the labelled questions right', async () => {
    const tuning = await evalOffline(t.app.services.retrieval, TUNING);
    expect(tuning.product.rightTopic / tuning.product.questions).toBeGreaterThanOrEqual(0.95);
    expect(tuning.product.helpFirst).toBe(tuning.product.questions);
    expect(tuning.research.paperFirst).toBe(tuning.research.questions);
    expect(tuning.research.noHelp).toBe(tuning.research.questions);
    const check = await evalOffline(t.app.services.retrieval, CHECK);
    expect(check.product.helpFirst / check.product.questions).toBeGreaterThanOrEqual(0.9);
    expect(check.product.rightTopic / check.product.questions).toBeGreaterThanOrEqual(0.85);
    expect(check.research.paperFirst).toBe(check.research.questions);
  }, 60_000);
});
