import { describe, expect, it } from 'vitest';
import { questionTerms, textTerms } from './query-terms.js';
import { RetrievalService, type RetrievedPassage, type RetrievalSource } from './retrieval.service.js';

function source(name: string, passages: RetrievedPassage[]): RetrievalSource {
  return { name, search: async () => passages };
}

const PAY_HELP: RetrievedPassage = { source: 'help', id: 'payments.en', title: 'Top-up, payment and orders', text: 'Pay with WeChat Pay or Alipay; a membership is bought on the membership page.', score: 3.1 };
const BILLS: RetrievedPassage = { source: 'paper', id: '1', title: 'Predicting the passage of legislative bills', text: 'Bills are introduced; we model who will pay for them.', score: 21.4 };
const MIA: RetrievedPassage = { source: 'paper', id: '2', title: 'Membership inference attacks on language models', text: 'We study membership inference attacks against language models.', score: 18.2 };

function service(...sources: RetrievalSource[]): RetrievalService {
  const s = new RetrievalService();
  for (const x of sources) s.register(x);
  return s;
}

const en = { limit: 3, locale: 'en' as const, userId: null };

describe('merging passages of several sources', () => {
  it('ranks by the share of the question a passage holds, not by scores of different scales', async () => {
    const found = await service(source('help', [PAY_HELP]), source('paper', [BILLS])).search('How do I pay for a membership?', en);
    expect(found.map((p) => p.id)).toEqual(['payments.en']);
    expect(found[0]!.score).toBe(1);
  });

  it('keeps papers first for a research question that shares a word with a help article', async () => {
    const found = await service(source('help', [PAY_HELP]), source('paper', [MIA])).search('membership inference attacks on language models', en);
    expect(found.map((p) => p.source)).toEqual(['paper']);
  });

  it('gives the help centre the first place for a question about using the product that it half answers', async () => {
    const help = { ...PAY_HELP, text: 'Top up on the recharge page.' };
    const paper = { ...BILLS, title: 'Costs of recharging batteries', text: 'Recharge costs and policy.' };
    const found = await service(source('help', [help]), source('paper', [paper])).search('how do I recharge, and what does it cost?', en);
    expect(found.map((p) => p.source)).toEqual(['help', 'paper']);
  });

  it('settles ties by the phrasing: a product question goes to the help centre, any other to the papers', async () => {
    const help = { ...PAY_HELP, title: 'Asking your documents', text: 'Upload documents and ask questions; answers cite pages.' };
    const paper = { ...MIA, title: 'Question answering over documents', text: 'Answering questions over long documents.' };
    const both = service(source('help', [help]), source('paper', [paper]));
    expect((await both.search('question answering over documents', en)).map((p) => p.source)).toEqual(['paper', 'help']);
    expect((await both.search('how do I ask questions about my documents?', en))[0]!.source).toBe('help');
  });

  it('measures a help article by all its matched terms, and finds nothing for a question of filler words only', async () => {
    const help = { ...PAY_HELP, text: '充值', terms: new Set(textTerms('会员 充值 membership recharge')) };
    const found = await service(source('help', [help])).search('会员怎么充值', { ...en, locale: 'zh' });
    expect(found[0]!.score).toBe(1);
    expect(await service(source('help', [help])).search('how do I?', en)).toEqual([]);
  });
});

describe('question terms', () => {
  it('drop question words, Japanese function words and Korean endings', () => {
    expect(questionTerms('会员怎么充值')).toContain('会员');
    expect(questionTerms('会员怎么充值')).not.toContain('怎么');
    expect(questionTerms('会員になるにはどうすればいいですか')).toEqual(['会員']);
    expect(questionTerms('멤버십은 어떻게 결제하나요')).toEqual(['멤버십', '결제']);
    expect(questionTerms('How do I pay for a membership?')).toEqual(['pay', 'membership']);
  });
});
