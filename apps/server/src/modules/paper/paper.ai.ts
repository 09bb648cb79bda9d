import { PAPER_SECTIONS, type Locale } from '@xueba/contract';
import type { ChatModelClient, ChatTurn } from '../../providers/ai/chat-model.js';
import type { Services } from '../../services.js';
import { hasCjk, tokenize } from '../../platform/search/tokenize.js';
import { collectText } from '../../platform/stream/model-call.js';

export type Section = (typeof PAPER_SECTIONS)[number];

/** A configured chat model for paper features. */
export interface PaperModel {
  client: ChatModelClient;
  model: string;
}

/**
 * The configured default chat model, when it is a real one. The offline
 * channel is not a model: with it, paper features use their honest offline
 * behaviour (structured extract, keyword extraction, search as typed with a hint).
 * Paper features are not metered (rate-limited instead); see docs/product-choices.md.
 */
export async function resolvePaperModel(services: Pick<Services, 'models'>): Promise<PaperModel | null> {
  const resolved = await services.models.resolve(undefined, 'en');
  return resolved.client ? { client: resolved.client, model: resolved.upstreamModel } : null;
}

const LANGUAGE: Record<Locale, string> = { zh: 'Simplified Chinese', en: 'English', ja: 'Japanese', ko: 'Korean' };

/** Runs a prompt to completion and returns the text. */
export async function complete(model: PaperModel, messages: ChatTurn[], signal?: AbortSignal, maxTokens = 300): Promise<string> {
  return (await collectText({ client: model.client, model: model.model, messages, maxTokens, temperature: 0 }, signal)).trim();
}

export async function translateQuery(model: PaperModel, query: string, signal?: AbortSignal): Promise<string> {
  const text = await complete(model, [
    { role: 'system', content: 'You translate academic search queries into concise English search keywords. Reply with the keywords only, no explanation.' },
    { role: 'user', content: query },
  ], signal, 60);
  return text.split('\n')[0]!.slice(0, 500) || query;
}

export async function modelKeywords(model: PaperModel, question: string, signal?: AbortSignal): Promise<string[]> {
  const text = await complete(model, [
    { role: 'system', content: 'Extract 3 to 6 English search keywords or short phrases for finding academic papers that answer the question. Reply with them comma-separated, nothing else.' },
    { role: 'user', content: question },
  ], signal, 60);
  return text.split(/[,\n;，、]/).map((k) => k.trim()).filter(Boolean).slice(0, 8);
}

const SURFACE_WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu;

/**
 * Offline keywords for a question: its content words ranked by IDF in the
 * local corpus (words the corpus never uses carry no signal and are dropped
 * when others remain), at most `max`, in question order, as the user wrote them.
 */
export function offlineKeywords(question: string, documentFrequency: (term: string) => number, corpusSize: number, max = 6): string[] {
  const candidates: { word: string; term: string; idf: number; at: number }[] = [];
  const seen = new Set<string>();
  const push = (word: string, term: string, at: number) => {
    if (seen.has(term)) return;
    seen.add(term);
    const df = documentFrequency(term);
    candidates.push({ word, term, idf: df > 0 ? Math.log(1 + (corpusSize - df + 0.5) / (df + 0.5)) : 0, at });
  };
  for (const m of question.matchAll(SURFACE_WORD)) {
    const word = m[0];
    const terms = tokenize(word);
    if (hasCjk(word)) terms.forEach((t) => push(t, t, m.index ?? 0));
    else if (terms.length > 0) push(word, terms.join(' '), m.index ?? 0);
  }
  const known = candidates.filter((c) => c.idf > 0);
  const pool = known.length > 0 ? known : candidates;
  return pool
    .sort((a, b) => b.idf - a.idf)
    .slice(0, max)
    .sort((a, b) => a.at - b.at)
    .map((c) => c.word);
}

export function splitSentences(text: string): string[] {
  return (text.match(/[^.!?。！？]+(?:[.!?。！？]+["')\]]*|$)/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => s.length > 1);
}

const CUES: Record<Section, RegExp> = {
  problem: /\b(problem|challeng\w*|however|lack\w*|difficult\w*|gap|question|aim\w*|goal|address\w*|despite|unclear|unknown|need\w*|important|crucial|remain\w*|suffer\w*|hinder\w*|motivat\w*|task)\b|问题|挑战|难以|缺乏|目的|旨在/gi,
  method: /\b(we propose|propos\w*|present\w*|introduc\w*|method\w*|approach\w*|framework|architecture|we use|using|based on|train\w*|design\w*|develop\w*|algorithm\w*|technique\w*|conduct\w*|perform\w*|collect\w*|dataset|corpus|model\w*|we (?:study|analy[sz]e|investigate|examine|evaluate))\b|提出|方法|模型|框架|采用|基于/gi,
  findings: /\b(results?|show\w*|demonstrat\w*|find|found|findings|outperform\w*|achiev\w*|improv\w*|reveal\w*|indicat\w*|suggest\w*|significant\w*|state-of-the-art|better|increas\w*|decreas\w*|associated|gains?|effective\w*|conclud\w*)\b|结果|表明|发现|显著|优于|提高/gi,
  limitations: /\b(limitation\w*|limited|future work|further research|cannot|fail\w*|although|caveat\w*|restrict\w*|only (?:a|on|in|for)|remains? (?:to|an open)|not (?:yet|fully|always))\b|局限|不足|未来工作|有待/gi,
};

/**
 * Offline interpretation: each abstract sentence goes to the section whose cue
 * words it matches most, with a position prior (abstracts tend to run problem
 * → method → findings). Honest and cheap; a configured model does better.
 */
export function classifySentences(abstract: string): Record<Section, string[]> {
  const out: Record<Section, string[]> = { problem: [], method: [], findings: [], limitations: [] };
  const sentences = splitSentences(abstract);
  sentences.forEach((sentence, i) => {
    const position = sentences.length > 1 ? i / (sentences.length - 1) : 0;
    const prior: Record<Section, number> = { problem: position < 0.3 ? 0.6 : 0, method: position >= 0.2 && position <= 0.7 ? 0.4 : 0, findings: position > 0.5 ? 0.5 : 0, limitations: 0 };
    let best: Section = 'method';
    let bestScore = -1;
    for (const section of PAPER_SECTIONS) {
      const score = (sentence.match(CUES[section])?.length ?? 0) + prior[section];
      if (score > bestScore) {
        bestScore = score;
        best = section;
      }
    }
    out[best].push(sentence);
  });
  return out;
}

export function interpretPrompt(locale: Locale, paper: { title: string; abstract: string; authors: string[]; venue: string; year: number | null }): ChatTurn[] {
  return [
    {
      role: 'system',
      content:
        `You explain research papers to students. Write in ${LANGUAGE[locale]}. Use exactly four sections, each starting on its own line with the marker ` +
        '[[problem]], [[method]], [[findings]], [[limitations]] in that order, followed by 2-4 concise sentences (Markdown allowed). Base everything on the given text; say so when the abstract does not tell.',
    },
    { role: 'user', content: `Title: ${paper.title}\nAuthors: ${paper.authors.slice(0, 6).join(', ')}\nVenue: ${paper.venue} ${paper.year ?? ''}\nAbstract: ${paper.abstract || '(no abstract)'}` },
  ];
}

/**
 * Splits a streamed model answer on the [[section]] markers. Feed chunks with
 * `push`; a marker cut between chunks is held back until it is complete.
 */
export class SectionSplitter {
  private buffer = '';
  current: Section | null = null;

  constructor(private readonly emit: (event: { section: Section; started: boolean; text: string }) => void) {}

  push(chunk: string): void {
    this.buffer += chunk;
    for (;;) {
      const match = /\[\[(problem|method|findings|limitations)\]\]/.exec(this.buffer);
      if (!match) break;
      this.flush(this.buffer.slice(0, match.index));
      this.current = match[1] as Section;
      this.emit({ section: this.current, started: true, text: '' });
      this.buffer = this.buffer.slice(match.index + match[0].length).replace(/^[ \t]*\n?/, '');
    }
    const open = this.buffer.lastIndexOf('[[');
    const keep = open >= 0 && this.buffer.length - open < 16 ? this.buffer.slice(open) : '';
    this.flush(this.buffer.slice(0, this.buffer.length - keep.length));
    this.buffer = keep;
  }

  end(): void {
    this.flush(this.buffer);
    this.buffer = '';
  }

  private flush(text: string): void {
    if (!text) return;
    if (!this.current) {
      if (!text.trim()) return;
      this.current = 'problem';
      this.emit({ section: 'problem', started: true, text: '' });
    }
    this.emit({ section: this.current, started: false, text });
  }
}

export function aiAnswerPrompt(locale: Locale, question: string, results: { title: string; abstract: string }[]): ChatTurn[] {
  const context = results.map((r, i) => `[${i + 1}] ${r.title}\n${r.abstract.slice(0, 700)}`).join('\n\n');
  return [
    { role: 'system', content: `Answer the question in ${LANGUAGE[locale]} in 3-5 sentences using only the numbered papers, citing them as [n]. If they do not answer it, say so.` },
    { role: 'user', content: `Question: ${question}\n\nPapers:\n${context}` },
  ];
}

/** Offline answer: from each of the top papers, the abstract sentence sharing the most terms with the question, cited [n]. */
export function offlineAnswer(questionTerms: string[], results: { title: string; abstract: string }[], max = 3): string {
  const wanted = new Set(questionTerms);
  const lines: string[] = [];
  results.slice(0, max).forEach((r, i) => {
    const sentences = splitSentences(r.abstract);
    let best = sentences[0] ?? r.title;
    let bestScore = -1;
    for (const s of sentences) {
      const score = new Set(tokenize(s).filter((t) => wanted.has(t))).size;
      if (score > bestScore) {
        bestScore = score;
        best = s;
      }
    }
    lines.push(`- ${best.length > 400 ? `${best.slice(0, 400)}…` : best} [${i + 1}]`);
  });
  return lines.join('\n');
}
