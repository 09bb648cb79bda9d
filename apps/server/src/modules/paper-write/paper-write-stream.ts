import type { FastifyRequest } from 'fastify';
import type { Locale, PaperWriteOutlineSection, PaperWriteSection, PaperWriteStreamEvent } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction, type Db, type Tx } from '../../platform/db/transaction.js';
import { AppError, badRequest, conflict } from '../../platform/errors.js';
import type { AnswerGate } from '../../platform/stream/answer-gate.js';
import type { AnswerJob, AnswerRunner, BillingPlan } from '../../platform/stream/answer-runner.js';
import type { Settlement } from '../../platform/stream/answers.repository.js';
import type { FrameSink } from '../../platform/stream/pipeline.js';
import type { ChatTurn } from '../../providers/ai/chat-model.js';
import type { ModelsService, ResolvedModel } from '../models/models.service.js';
import { CitationFilter, stripInvalid } from './citations.js';
import { extractText, passagesOf, rankPassages, type Passage } from './extracts.js';
import { flatten, outlineKeys, parseModelOutline, type FlatSection } from './outline.js';
import type { PaperWriteService } from './paper-write.service.js';
import type { ProjectRow, SourceRow } from './paper-write.repository.js';
import { noticeMsg, presentSection, wordsOf } from './present.js';
import { draftPrompt, outlinePrompt, parsePolish, polishPrompt, type ProjectBrief } from './prompts.js';

/** Pages of a document (still in the library) whose paragraphs are offered as extracts. */
const EXTRACT_DOC_PAGES = 60;

type Task = 'outline' | 'draft' | 'polish';

/** A section filled at once (extracts): stored before the stream; the stream only tells it. */
interface InstantPlan {
  kind: 'instant';
  project: ProjectRow;
  section: PaperWriteSection;
  words: number;
}

/** What a model's run settled into, for the last frames. */
type Settled = { kind: 'outline'; outline: PaperWriteOutlineSection[]; revision: number; drafts: PaperWriteSection[]; notice: string | null } | { kind: 'section'; section: PaperWriteSection; words: number };

interface ModelPlan {
  kind: 'model';
  task: Task;
  project: ProjectRow;
  section: FlatSection | null;
  job: AnswerJob;
  /** Checks `[n]` in the frames (draft and polish) against a bibliography of `max` items. */
  filter: CitationFilter | null;
  max: number;
  settled: Settled | null;
}

export type WritePlan = InstantPlan | ModelPlan;

const brief = (p: ProjectRow): ProjectBrief => ({ title: p.title, topic: p.topic, discipline: p.discipline, kind: p.kind, language: p.language, target_length: p.target_length });

/**
 * The model's work on a project (outline, a section's draft, a polish),
 * through the one stream pipeline: the answer gate (rate, concurrency,
 * balance), the runner (metering through the ledger, settlement), and the
 * project's own frames. Every refusal happens in `prepare*`, before the
 * stream. Extracts (no model) are stored at once and told by the stream.
 */
export class PaperWriteStreams {
  constructor(
    private readonly ctx: AppContext,
    private readonly service: PaperWriteService,
    private readonly models: Pick<ModelsService, 'resolve' | 'aiSettings'>,
    private readonly gate: Pick<AnswerGate, 'begin' | 'exclusive'>,
    private readonly runner: Pick<AnswerRunner, 'run'>,
  ) {}

  private get repo() {
    return this.service.repo;
  }

  async prepareOutline(userId: number, body: { id: number; model?: string }, locale: Locale): Promise<WritePlan> {
    await this.service.requireOpen();
    const project = await this.service.owned(this.ctx.db, userId, body.id);
    const model = await this.requireModel(body.model, locale);
    if (await this.repo.anyGenerating(this.ctx.db, project.id)) throw conflict('paper_write_generating');
    const sources = await this.repo.sources(this.ctx.db, project.id);
    const messages = outlinePrompt(brief(project), sources.map((s) => s.snapshot));
    const plan = await this.withModel(userId, project, null, 'outline', model, messages, null, locale);
    plan.job.persist = async (db, s) => {
      const parsed = parseModelOutline(s.content);
      await this.settleGeneration(db, plan, s);
      if (parsed.outline.length === 0) {
        plan.settled = { kind: 'outline', outline: project.outline, revision: project.outline_revision, drafts: [], notice: 'paper_write_outline_unreadable' };
        return;
      }
      const saved = await this.repo.saveOutline(db, userId, project.id, null, parsed.outline, s.now);
      if (!saved) return;
      await this.repo.deleteSectionsNotIn(db, project.id, [...outlineKeys(parsed.outline)]);
      const drafts = flatten(parsed.outline).map((f) => presentSection(f, undefined, locale));
      const notice = parsed.partial ? 'paper_write_outline_partial' : s.status === 'failed' ? s.error : null;
      plan.settled = { kind: 'outline', outline: saved.outline, revision: saved.outline_revision, drafts, notice };
    };
    return plan;
  }

  async prepareDraft(userId: number, body: { id: number; section: string; mode: 'auto' | 'extract'; instruction?: string; model?: string }, locale: Locale): Promise<WritePlan> {
    await this.service.requireOpen();
    const { row: project, flat, section } = await this.service.sectionOf(userId, body.id, body.section);
    const sources = await this.repo.sources(this.ctx.db, project.id);
    if (sources.length === 0) throw badRequest('paper_write_no_sources');
    const model = body.mode === 'extract' ? null : await this.models.resolve(body.model, locale);
    if (!model?.client) return this.extracts(userId, project, section, sources, locale);
    const rows = await this.repo.sections(this.ctx.db, project.id);
    const text = (key: string | undefined) => rows.find((r) => r.key === key)?.text ?? '';
    const index = flat.findIndex((f) => f.key === section.key);
    // Only sections without subsections hold text of their own; the target is shared among them.
    const leaves = flat.filter((f, i) => (flat[i + 1]?.level ?? 0) <= f.level).length;
    const share = Math.max(150, Math.round(project.target_length / Math.max(1, leaves)));
    const messages = draftPrompt(brief(project), sources.map((s) => s.snapshot), section, share, { before: text(flat[index - 1]?.key), after: text(flat[index + 1]?.key) }, body.instruction);
    const previous = rows.find((r) => r.key === section.key);
    const filter = new CitationFilter(sources.length);
    const plan = await this.withModel(userId, project, section, 'draft', model, messages, filter, locale);
    plan.job.persist = async (db, s) => {
      const clean = stripInvalid(s.content, sources.length);
      const invalid = [...new Set([...filter.invalid, ...clean.removed])].sort((a, b) => a - b);
      const kept = clean.text.trim();
      await this.settleGeneration(db, plan, s);
      // A failure that wrote nothing leaves the section as it was (or failed, if it had nothing), with the reason.
      const patch =
        kept === ''
          ? previous && previous.text !== ''
            ? { status: previous.status === 'generating' || previous.status === 'failed' ? ('done' as const) : previous.status, notice: s.error, now: s.now }
            : { status: 'failed' as const, notice: s.error ?? 'generation_failed', now: s.now }
          : {
              status: 'done' as const,
              text: kept,
              words: wordsOf(kept),
              by_model: true,
              invalid_citations: invalid,
              notice: invalid.length > 0 ? 'paper_write_citations_removed' : s.status === 'failed' ? s.error : null,
              proposal: null,
              bump: true,
              now: s.now,
            };
      const saved = await this.repo.patchSection(db, project.id, section.key, { ...patch, generation_id: null }, { generationId: plan.job.ledger.refId ? Number(plan.job.ledger.refId) : -1 });
      if (saved) plan.settled = { kind: 'section', section: presentSection(section, saved, locale), words: await this.projectWords(db, project.id) };
    };
    return plan;
  }

  async preparePolish(userId: number, body: { id: number; section: string; model?: string }, locale: Locale): Promise<WritePlan> {
    await this.service.requireOpen();
    const { row: project, section } = await this.service.sectionOf(userId, body.id, body.section);
    const current = await this.repo.section(this.ctx.db, project.id, section.key);
    if (!current || current.text.trim() === '') throw badRequest('paper_write_section_empty');
    if (current.status === 'generating') throw conflict('paper_write_generating');
    const model = await this.requireModel(body.model, locale);
    const sources = await this.repo.sources(this.ctx.db, project.id);
    const filter = new CitationFilter(sources.length);
    const plan = await this.withModel(userId, project, section, 'polish', model, polishPrompt(brief(project), current.text, locale), filter, locale);
    plan.job.persist = async (db, s) => {
      await this.settleGeneration(db, plan, s);
      const parsed = parsePolish(s.content);
      const revised = stripInvalid(parsed.revised, sources.length).text.trim();
      const done = s.status === 'done' && revised !== '';
      const patch = done
        ? { proposal: { revised, changes: parsed.changes, created_at: s.now.toISOString() }, notice: null, now: s.now }
        : { notice: s.status === 'failed' ? (s.error ?? 'generation_failed') : 'paper_write_polish_unreadable', now: s.now };
      const saved = await this.repo.patchSection(db, project.id, section.key, patch);
      if (saved) plan.settled = { kind: 'section', section: presentSection(section, saved, locale), words: await this.projectWords(db, project.id) };
    };
    return plan;
  }

  private async requireModel(key: string | undefined, locale: Locale): Promise<ResolvedModel> {
    const model = await this.models.resolve(key, locale);
    // The offline channel quotes passages; it cannot write an outline or polish prose, and saying so beats a pretence.
    if (!model.client) throw new AppError('paper_write_model_required', 503);
    return model;
  }

  private async projectWords(db: Db | Tx, projectId: number): Promise<number> {
    const project = await db.selectFrom('paper_write_projects').select('outline').where('id', '=', projectId).executeTakeFirst();
    const keys = project ? outlineKeys(project.outline) : new Set<string>();
    return (await this.repo.sections(db, projectId)).filter((s) => keys.has(s.key)).reduce((n, s) => n + s.words, 0);
  }

  private async settleGeneration(db: Db | Tx, plan: ModelPlan, s: Settlement): Promise<void> {
    await this.repo.settleGeneration(db, Number(plan.job.ledger.refId), { status: s.status, words: s.words, chargedAsset: s.chargedAsset, charged: s.charged, error: s.error, now: s.now });
    await this.repo.touch(db, plan.project.id, s.now);
  }

  /** The bibliography's passages most relevant to the section, stored as its text at once; free. */
  private async extracts(userId: number, project: ProjectRow, section: FlatSection, sources: SourceRow[], locale: Locale): Promise<InstantPlan> {
    const passages: Passage[] = [];
    const docIds = sources.filter((s) => s.kind === 'doc').map((s) => Number(s.ref));
    const alive = await this.repo.existingDocs(this.ctx.db, userId, docIds);
    for (const [i, source] of sources.entries()) {
      const n = i + 1;
      // A document still in the library offers its pages; a deleted one (or a paper) its stored abstract.
      if (source.kind === 'doc' && alive.has(Number(source.ref))) {
        const pages = await this.repo.docPages(this.ctx.db, Number(source.ref), EXTRACT_DOC_PAGES);
        for (const page of pages) passages.push(...passagesOf(n, page.text));
      } else passages.push(...passagesOf(n, source.snapshot.abstract));
    }
    if (passages.length === 0) throw badRequest('paper_write_no_passages');
    const query = [section.heading, section.brief, ...section.path, project.topic].filter(Boolean).join(' ');
    const text = extractText(await rankPassages(passages, query));
    const now = this.ctx.now();
    const saved = await transaction(this.ctx.db, async (tx) => {
      await this.repo.insertSection(tx, project.id, section.key, { text: '', words: 0, status: 'empty', now });
      const row = await this.repo.patchSection(tx, project.id, section.key, { status: 'extract', text, words: wordsOf(text), by_model: false, invalid_citations: [], notice: 'paper_write_extract_notice', proposal: null, bump: true, now }, { revision: await this.revisionOf(tx, project.id, section.key) });
      if (!row) throw conflict('paper_write_generating');
      await this.repo.touch(tx, project.id, now);
      return row;
    });
    return { kind: 'instant', project, section: presentSection(section, saved, locale), words: await this.projectWords(this.ctx.db, project.id) };
  }

  private async revisionOf(tx: Tx, projectId: number, key: string): Promise<number> {
    return (await this.repo.section(tx, projectId, key))?.revision ?? 0;
  }

  /**
   * Who pays for a model's words: nobody with the paper membership; others
   * the admin's price in word counts per 1,000 words, or, with no price set,
   * the chat model's own (metered like a chat answer).
   */
  private async billing(userId: number, model: ResolvedModel): Promise<BillingPlan | null> {
    const [member, config] = await Promise.all([this.service.membership(userId), this.service.config()]);
    if (member.active) return null;
    if (config.price > 0) return { userId, billing: { mode: 'per_1k_words', price: config.price } };
    return model.billing.price > 0 ? { userId, billing: model.billing } : null;
  }

  private async withModel(userId: number, project: ProjectRow, section: FlatSection | null, task: Task, model: ResolvedModel, messages: ChatTurn[], filter: CitationFilter | null, locale: Locale): Promise<ModelPlan> {
    const client = model.client;
    if (!client) throw new AppError('paper_write_model_required', 503);
    const settings = await this.models.aiSettings();
    // Read before the transaction: on PGlite (one connection) a read beside an open transaction would wait for it.
    const billing = await this.billing(userId, model);
    const now = this.ctx.now();
    const generation = await this.gate.exclusive(userId, () =>
      transaction(this.ctx.db, async (tx) => {
        await this.gate.begin(tx, userId, billing, settings);
        const row = await this.repo.insertGeneration(tx, { userId, projectId: project.id, sectionKey: section?.key ?? null, task, model: model.key, now });
        if (task === 'draft' && section && !(await this.repo.claimSection(tx, project.id, section.key, row.id, now))) throw conflict('paper_write_generating');
        return row;
      }),
    );
    const start: PaperWriteStreamEvent = { type: 'start', project_id: project.id, task, section: section?.key ?? null, by_model: true, model: model.key, model_name: model.name };
    return {
      kind: 'model',
      task,
      project,
      section,
      filter,
      max: filter?.max ?? 0,
      settled: null,
      job: {
        client,
        model: model.upstreamModel,
        messages,
        maxTokens: model.maxOutputTokens || undefined,
        locale,
        target: null,
        billing,
        ledger: { reason: 'paper_write_output', refType: 'paper_write', refId: String(generation.id), idempotencyKey: `paper_write:generation:${generation.id}` },
        start: start as Extract<PaperWriteStreamEvent, { type: 'start' }>,
      },
    };
  }

  /** The stream: start, checked text as it arrives, what was stored, then the end. */
  async run(sink: FrameSink, plan: WritePlan, locale: Locale, request: FastifyRequest): Promise<void> {
    const send = (event: PaperWriteStreamEvent) => sink.send(event);
    if (plan.kind === 'instant') {
      send({ type: 'start', project_id: plan.project.id, task: 'draft', section: plan.section.key, by_model: false, model: null, model_name: null });
      send({ type: 'section', project_id: plan.project.id, section: plan.section, words: plan.words });
      send({ type: 'end', message_id: null, status: 'done', usage: { prompt_tokens: 0, completion_tokens: 0, words: 0 }, charged: null, balance: null });
      sink.end();
      return;
    }
    const filter = plan.filter;
    const max = plan.max;
    const sectionKey = plan.section?.key ?? null;
    const emit = (out: { text: string; fresh: number[] }) => {
      if (out.text) send({ type: 'delta', text: out.text });
      if (out.fresh.length > 0) send({ type: 'citation', section: sectionKey, invalid: out.fresh, max });
    };
    await this.runner.run(
      sink,
      {
        ...plan.job,
        text: (chunk) => (filter ? emit(filter.push(chunk)) : send({ type: 'delta', text: chunk })),
        finish: (outcome) => {
          if (filter) emit(filter.flush());
          const settled = plan.settled;
          if (settled?.kind === 'outline') send({ type: 'outline', project_id: plan.project.id, outline: settled.outline, revision: settled.revision, drafts: settled.drafts, notice: settled.notice, notice_msg: noticeMsg(settled.notice, locale) });
          else if (settled?.kind === 'section') send({ type: 'section', project_id: plan.project.id, section: settled.section, words: settled.words });
          sink.send(outcome.frame);
        },
      },
      { request },
    );
  }
}
