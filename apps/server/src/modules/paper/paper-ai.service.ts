import { formatMessage, PAPER_SECTIONS, type Locale, type MessageKey, type PaperInterpretEvent } from '@xueba/contract';
import { tokenize } from '../../platform/search/tokenize.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import { streamUnmetered, type FrameSink } from '../../platform/stream/pipeline.js';
import { ChatModelError } from '../../providers/ai/chat-model.js';
import {
  aiAnswerPrompt,
  classifySentences,
  complete,
  interpretPrompt,
  modelKeywords,
  offlineAnswer,
  offlineKeywords,
  SectionSplitter,
  type Section,
} from './paper.ai.js';
import { toItem, type PaperService } from './paper.service.js';
import type { Paper } from './paper.types.js';

const SECTION_TITLE: Record<Section, MessageKey> = {
  problem: 'paper_section_problem',
  method: 'paper_section_method',
  findings: 'paper_section_findings',
  limitations: 'paper_section_limitations',
};

/**
 * AI search and interpretation. With a configured model they use it; without
 * one they run offline and say so: keywords by IDF, an answer stitched from
 * the results' own sentences, an interpretation that is a classified extract.
 */
export class PaperAiService {
  constructor(private readonly papers: PaperService) {}

  /** `log`: the request's logger; a failed model call falls back to the offline way and is logged there. */
  async aiSearch(question: string, pageSize: number, locale: Locale, log: Logger) {
    const model = await this.papers.modelResolver();
    const source = await this.papers.activeSource();
    let keywords: string[] = [];
    if (model) {
      keywords = await modelKeywords(model, question).catch((error: unknown) => {
        log.warn({ err: error }, 'paper AI search: keyword call failed; using offline keywords');
        return [];
      });
    }
    const byModel = model !== null && keywords.length > 0;
    if (!byModel) {
      if (source.name === 'local' || source.name === 'merged') await this.papers.index.ready();
      keywords = offlineKeywords(question, (t) => this.papers.index.documentFrequency(t), Math.max(1, this.papers.index.size));
    }
    const queryUsed = keywords.join(' ');
    const terms = [...new Set(tokenize(queryUsed))];
    if (terms.length === 0) throw new AppError('paper_query_no_terms', 400);
    const result = await source.search({ keyword: queryUsed, terms, page: 1, pageSize, sort: 'relevance' });
    const lists = result.papers.map((p) => toItem(p, terms));
    let answer: string;
    let answeredByModel = false;
    if (result.papers.length === 0) answer = formatMessage('paper_ai_no_results', locale);
    else if (model) {
      answer = await complete(model, aiAnswerPrompt(locale, question, result.papers.slice(0, 6)), undefined, 400).catch((error: unknown) => {
        log.warn({ err: error }, 'paper AI search: answer call failed; using the offline answer');
        return '';
      });
      answeredByModel = answer.length > 0;
      if (!answeredByModel) answer = offlineAnswer(tokenize(question), result.papers);
    } else answer = offlineAnswer(tokenize(question), result.papers);
    return {
      source: source.name,
      keywords,
      query_used: queryUsed,
      answer,
      by_model: answeredByModel,
      hint: answeredByModel ? null : formatMessage('paper_ai_offline', locale),
      lists,
      count: result.total,
    };
  }

  /**
   * Streams the interpretation as contract events through `send`; stops early
   * when `signal` aborts. With a model, through the stream pipeline: the
   * answer's [[section]] markers become `section` and `delta` frames, and a
   * failed call ends with an `error` frame (logged with the request's `log`).
   */
  async interpret(paper: Paper, locale: Locale, send: (event: PaperInterpretEvent) => void, signal: AbortSignal, log: Logger): Promise<void> {
    const model = await this.papers.modelResolver();
    const title = (section: Section) => formatMessage(SECTION_TITLE[section], locale);
    if (model) {
      const splitter = new SectionSplitter(({ section, started, text }) => {
        if (started) send({ type: 'section', section, title: title(section) });
        else send({ type: 'delta', section, text });
      });
      await streamUnmetered(
        framesTo(send, signal),
        {
          client: model.client,
          model: model.model,
          messages: interpretPrompt(locale, paper),
          maxTokens: 900,
          temperature: 0.2,
          locale,
          start: { type: 'start', by_model: true, notice: null },
          text: (text) => splitter.push(text),
          finish: ({ failure, error }) => {
            if (failure) {
              send({ type: 'error', msg: formatMessage(error instanceof ChatModelError && error.kind === 'timeout' ? 'source_unavailable' : 'generation_failed', locale) });
              return;
            }
            splitter.end();
            send({ type: 'done' });
          },
        },
        { log, now: () => new Date() },
      );
      return;
    }
    send({ type: 'start', by_model: false, notice: formatMessage('paper_interpret_offline', locale) });
    const sections = classifySentences(paper.abstract);
    for (const section of PAPER_SECTIONS) {
      if (signal.aborted) return;
      send({ type: 'section', section, title: title(section) });
      const sentences = sections[section];
      send({ type: 'delta', section, text: sentences.length ? sentences.map((s) => `- ${s}`).join('\n') : `_${formatMessage('paper_section_empty', locale)}_` });
    }
    send({ type: 'done' });
  }
}

/** The pipeline's frames into `send`; the caller's signal is the client leaving, and the caller ends the response. */
function framesTo(send: (event: PaperInterpretEvent) => void, signal: AbortSignal): FrameSink {
  return {
    send: (event) => send(event as unknown as PaperInterpretEvent),
    onClientClose: (handler) => {
      if (signal.aborted) queueMicrotask(handler);
      else signal.addEventListener('abort', handler, { once: true });
    },
    end: () => undefined,
  };
}
