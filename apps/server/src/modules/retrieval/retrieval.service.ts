import type { Locale } from '@xueba/contract';
import type { Passage } from '../../providers/ai/chat-model.js';
import { translateChineseQuery } from '../../platform/search/zh-en.js';
import { coverage, questionTerms, textTerms } from './query-terms.js';

export interface RetrievalOptions {
  limit: number;
  locale: Locale;
  /** The asking user (documents are private to their owner). */
  userId: number | null;
  /** Restrict to these source kinds; all registered sources when absent. */
  sources?: string[];
  /** Source-specific scope, e.g. the document ids a question is about. */
  scope?: Record<string, unknown>;
}

/** A source's passage; `score` is the source's own (BM25, fused, ...), comparable only within that source. */
export interface RetrievedPassage extends Passage {
  /**
   * Index terms of the whole document that matched, when it is more than the
   * quoted text (a help article matched in another language or by its
   * keywords); otherwise the passage's title and text are measured.
   */
  terms?: ReadonlySet<string>;
}

/** One body of text that can be searched for passages (help texts, the paper corpus, a user's documents). */
export interface RetrievalSource {
  readonly name: string;
  search(query: string, options: RetrievalOptions): Promise<RetrievedPassage[]>;
}

/** Each source is asked for this many times the passages wanted, so re-ranking across sources has a choice. */
const CANDIDATES_PER_PASSAGE = 3;
/** Passages containing less of the question than this share are not sources. */
const MIN_COVERAGE = 0.2;
/** Nor are passages containing much less of it than the first one (a paper on "pay" under the help on paying). */
const RELATIVE_COVERAGE = 0.75;
/** A help article holding at least this share of a question about using the product is cited first. */
const HELP_SLOT_COVERAGE = 0.5;
/**
 * How people ask about using the product: "how do I", "where is my", "can I",
 * "how much", a problem report ("I can't", "失败", "できない", "안 돼요"), in
 * the four interface languages. Research questions rarely read like this.
 */
const PRODUCT_CUE = new RegExp(
  [
    "\\b(?:how (?:do|can|should|to|long|much|many)|can i|do i|is there|does it|when|where (?:do|can|is)|i (?:forgot|paid|can't|cannot)|my|can't|cannot|doesn't|not working)\\b",
    '怎么|怎样|如何|我的|在哪|哪里|有什么|什么时候|多久|多少|多大|吗[？?]?$|失败|不了|不到|收不|没有收到',
    'どうやって|どうすれば|には$|できない|できません|どこ|いつ|したい|ますか',
    '어떻게|하나요|나요|어디|언제|할 수|안 돼|안돼|않아요|싶어요',
  ].join('|'),
  'iu',
);
/** Kana or Hangul: a Japanese or Korean question, which the Chinese dictionary would only mistranslate. */
const KANA_OR_HANGUL = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

interface Ranked {
  passage: Passage;
  /** Calibrated: the share of the question's terms the passage holds. */
  share: number;
  /** The source's own score over its best one: orders passages of equal share. */
  relative: number;
  help: boolean;
}

/**
 * The single retrieval interface behind the offline channel and
 * retrieval-augmented answers. Feature modules register their sources at start.
 *
 * Scores of different sources are not comparable: BM25 over 6,000 abstracts
 * gives a rare word ("bills") far more weight than the same word gets in a
 * dozen help articles. Passages are therefore merged on one calibrated scale,
 * the share of the question's content terms they contain (for a Chinese
 * question, the better of the question and its offline English). A question
 * phrased as one about using the product has its best help article first when
 * that article holds half of it or more, and wins ties for the help centre;
 * other ties go to the other sources (decision 0030). The passages returned
 * carry their share as their score.
 */
export class RetrievalService {
  private readonly sources = new Map<string, RetrievalSource>();

  register(source: RetrievalSource): void {
    this.sources.set(source.name, source);
  }

  names(): string[] {
    return [...this.sources.keys()];
  }

  async search(query: string, options: RetrievalOptions): Promise<Passage[]> {
    const terms = questionTerms(query);
    if (terms.length === 0) return [];
    const chosen = [...this.sources.values()].filter((s) => !options.sources || options.sources.includes(s.name));
    const [english, results] = await Promise.all([
      KANA_OR_HANGUL.test(query) ? null : translateChineseQuery(query),
      Promise.all(chosen.map((s) => s.search(query, { ...options, limit: options.limit * CANDIDATES_PER_PASSAGE }))),
    ]);
    const englishTerms = english ? questionTerms(english) : [];
    const ranked: Ranked[] = results.flatMap((passages) => {
      const top = Math.max(...passages.map((p) => p.score), Number.MIN_VALUE);
      return passages.map(({ terms: matched, ...passage }) => {
        const words = matched ?? new Set(textTerms(`${passage.title} ${passage.text}`));
        const share = Math.max(coverage(terms, words), coverage(englishTerms, words));
        return { passage, share, relative: passage.score / top, help: passage.source === 'help' };
      });
    });
    const product = PRODUCT_CUE.test(query.trim());
    const order = ranked
      .filter((r) => r.share >= MIN_COVERAGE)
      .sort((a, b) => b.share - a.share || (product ? 1 : -1) * (Number(b.help) - Number(a.help)) || b.relative - a.relative);
    const slot = product ? order.findIndex((r) => r.help && r.share >= HELP_SLOT_COVERAGE) : -1;
    if (slot > 0) order.unshift(...order.splice(slot, 1));
    const first = order[0]?.share ?? 0;
    return order
      .filter((r) => r.share >= first * RELATIVE_COVERAGE)
      .slice(0, options.limit)
      .map((r) => ({ ...r.passage, score: Math.round(r.share * 1000) / 1000 }));
  }
}
