import { formatMessage, LOCALES, type DocInterpretation, type Locale } from '@xueba/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { collectText } from '../../platform/stream/model-call.js';
import type { ModelsService } from '../models/models.service.js';
import type { DocService } from './doc.service.js';

const INPUT_CHARS = 8000;
const LANGUAGE: Record<Locale, string> = { zh: 'Simplified Chinese', en: 'English', ja: 'Japanese', ko: 'Korean' };

const METHOD = /\b(we (propose|present|introduce|use|train|apply|describe|develop)|method|approach|model|algorithm|framework|pipeline|dataset)\b|方法|模型|算法|框架|采用|使用|提出|手法|提案|방법/i;
const FINDINGS = /\b(results?|show|shows|find|found|outperform\w*|improv\w*|achiev\w*|demonstrat\w*|conclu\w*|significant\w*)\b|结果|表明|发现|提高|结论|显著|結果|示す|결과/i;

function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?。！？])\s+|(?<=[。！？])/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 20 && s.length <= 400);
}

/** The offline interpretation: sentences taken from the document itself, sorted into about / method / findings. */
export function extractive(pagesText: string, locale: Locale): DocInterpretation {
  const all = sentences(pagesText);
  const abstractAt = all.findIndex((s) => /abstract|摘要|要旨|초록/i.test(s));
  const about = all.slice(abstractAt >= 0 ? abstractAt : 0, (abstractAt >= 0 ? abstractAt : 0) + 2);
  const method = all.filter((s) => METHOD.test(s) && !about.includes(s)).slice(0, 2);
  const findings = all.filter((s) => FINDINGS.test(s) && !about.includes(s) && !method.includes(s)).slice(0, 2);
  const none = formatMessage('paper_section_empty', locale);
  return {
    about: about.join(' ') || none,
    method: method.join(' ') || none,
    findings: findings.join(' ') || none,
    questions: [formatMessage('doc_question_about', locale), formatMessage('doc_question_method', locale), formatMessage('doc_question_findings', locale)],
    by_model: false,
    notice: formatMessage('doc_interpret_offline', locale),
    locale,
  };
}

/** The model's JSON answer, tolerating a Markdown code fence around it; null when it is not the expected shape. */
export function parseModelJson(text: string, locale: Locale): DocInterpretation | null {
  const body = text.replace(/^[\s\S]*?```(?:json)?\s*/i, '').replace(/```[\s\S]*$/, '');
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const value = JSON.parse(body.slice(start, end + 1)) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
    const questions = Array.isArray(value.questions) ? value.questions.map(str).filter(Boolean).slice(0, 3) : [];
    if (!str(value.about) || questions.length < 3) return null;
    return { about: str(value.about), method: str(value.method), findings: str(value.findings), questions, by_model: true, notice: null, locale };
  } catch {
    return null;
  }
}

/**
 * First-open interpretation of a document (what it is about, method,
 * findings) and three suggested questions, in the request's language; made
 * once per document and locale and cached. Without a model (or when the model's
 * answer is unusable) an honest extract of the document's own sentences.
 */
export class DocInterpreter {
  constructor(
    private readonly ctx: AppContext,
    private readonly docs: DocService,
    private readonly models: ModelsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async interpret(userId: number, id: number, locale: Locale): Promise<DocInterpretation> {
    const row = await this.docs.get(userId, id);
    if (row.status !== 'complete') throw new AppError('doc_not_ready', 409);
    await this.docs.requireMembership(userId, row.type);
    const cached = await this.docs.repo.interpretation(this.ctx.db, id, locale);
    if (cached) return cached as unknown as DocInterpretation;
    const pages = await this.docs.repo.firstPages(this.ctx.db, id, 4);
    const text = pages.map((p) => p.text).join('\n\n').slice(0, INPUT_CHARS);
    const model = await this.models.resolve(undefined, locale);
    let result: DocInterpretation | null = null;
    if (model.client && LOCALES.includes(locale)) {
      const prompt =
        `Read the beginning of the document "${row.name}" below and answer in ${LANGUAGE[locale]} with one JSON object only: ` +
        '{"about": "what it is about, 2-3 sentences", "method": "its method or approach, 2-3 sentences", "findings": "its main findings, 2-3 sentences", "questions": ["three questions a reader could ask about it"]}.\n\n' +
        text;
      try {
        const answer = await collectText({ client: model.client, model: model.upstreamModel, messages: [{ role: 'user', content: prompt }], maxTokens: 800 }, undefined, this.log);
        result = parseModelJson(answer, locale);
        if (!result) this.log.warn({ doc: id }, 'interpretation: model answer was not the expected JSON; using the extract');
      } catch (error) {
        this.log.warn({ err: error, doc: id }, 'interpretation: model call failed; using the extract');
      }
    }
    // A configured model that failed must not be reported as "no model configured".
    result ??= model.client ? { ...extractive(text, locale), notice: formatMessage('doc_interpret_fallback', locale) } : extractive(text, locale);
    // Only a model's interpretation is worth keeping for good; the extract is cheap to remake once a model is connected.
    if (result.by_model) await this.docs.repo.saveInterpretation(this.ctx.db, id, locale, { ...result }, this.ctx.now());
    return result;
  }
}
