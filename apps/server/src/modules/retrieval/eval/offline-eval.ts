import type { Passage } from '../../../providers/ai/chat-model.js';
import { OfflineChatClient } from '../../../providers/ai/offline-client.js';
import type { RetrievalService } from '../retrieval.service.js';
import type { OfflineQuestion } from './offline-questions.js';

export interface OfflineEvalRow {
  question: OfflineQuestion;
  /** `source:id` of each cited passage, in order. */
  cited: string[];
  ok: boolean;
}

export interface OfflineEvalResult {
  /** Product questions whose first citation is a help article / the right one. */
  product: { questions: number; helpFirst: number; rightTopic: number };
  /** Research questions whose first citation is a paper / that cite no help article. */
  research: { questions: number; paperFirst: number; noHelp: number };
  rows: OfflineEvalRow[];
}

/** What the offline channel cites for a question: the passages of its `sources` chunk. */
export async function offlineCitations(retrieval: RetrievalService, question: OfflineQuestion): Promise<Passage[]> {
  const client = new OfflineChatClient((query, limit) => retrieval.search(query, { limit, locale: question.locale, userId: null }), { notice: '', noMatch: '' });
  for await (const chunk of client.stream({ model: 'offline', messages: [{ role: 'user', content: question.q }] })) {
    if (chunk.type === 'sources') return chunk.passages;
  }
  return [];
}

/** Runs the labelled questions through the offline channel as it answers them. */
export async function evalOffline(retrieval: RetrievalService, questions: OfflineQuestion[]): Promise<OfflineEvalResult> {
  const result: OfflineEvalResult = { product: { questions: 0, helpFirst: 0, rightTopic: 0 }, research: { questions: 0, paperFirst: 0, noHelp: 0 }, rows: [] };
  for (const question of questions) {
    const cited = await offlineCitations(retrieval, question);
    const first = cited[0];
    let ok: boolean;
    if (question.kind === 'product') {
      const helpFirst = first?.source === 'help';
      ok = helpFirst && question.topics.includes(first.id.split('.')[0]!);
      result.product.questions += 1;
      result.product.helpFirst += Number(helpFirst);
      result.product.rightTopic += Number(ok);
    } else {
      const paperFirst = first?.source === 'paper';
      const noHelp = cited.every((p) => p.source !== 'help');
      ok = paperFirst && noHelp;
      result.research.questions += 1;
      result.research.paperFirst += Number(paperFirst);
      result.research.noHelp += Number(noHelp);
    }
    result.rows.push({ question, cited: cited.map((p) => `${p.source}:${p.id}`), ok });
  }
  return result;
}
