import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { charCount, MINDMAP_QUESTION_MAX, type Locale, type MindmapConfig, type MindmapNode, type MindmapSource, type mindmapCreateSchema } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { transaction } from '../../platform/db/transaction.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { AnswerGate } from '../../platform/stream/answer-gate.js';
import type { AnswerJob, AnswerRunner, BillingPlan } from '../../platform/stream/answer-runner.js';
import type { FrameSink } from '../../platform/stream/pipeline.js';
import type { ChatTurn } from '../../providers/ai/chat-model.js';
import type { DocService } from '../doc/doc.service.js';
import type { ModelsService, ResolvedModel } from '../models/models.service.js';
import type { PaperService } from '../paper/paper.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { countNodes, parseModelOutline, parseOutlineSource } from './formats/index.js';
import { documentStructure, linkPageMarks, paperStructure, paragraphMap } from './mindmap-structure.js';
import { documentPrompt, paperPrompt, topicPrompt } from './mindmap-prompts.js';
import { MindmapRepository, type MindmapRow } from './mindmap.repository.js';
import { docPageLink, noticeText, outlineFromModel, paperLink, titleOf, type ModelOutline } from './mindmap-outline.js';

type CreateBody = z.output<typeof mindmapCreateSchema>;

/** Pages of a document read for its map: the structure of the first 500 is an overview of any book. */
const DOC_PAGES_MAX = 500;

/** A map made at once (no model): stored before the stream starts; the stream only tells it. */
interface InstantPlan {
  kind: 'instant';
  row: MindmapRow;
}

/** A map a model writes: stored as generating; the stream carries the outline, then the parsed map. */
interface ModelPlan {
  kind: 'model';
  row: MindmapRow;
  job: AnswerJob;
  /** The tree as settled, for the `map` frame. */
  settled: { tree: MindmapNode; revision: number; notice: string | null } | null;
}

export type CreatePlan = InstantPlan | ModelPlan;

interface Deps {
  settings: Pick<SettingsService, 'site'>;
  models: Pick<ModelsService, 'resolve' | 'aiSettings'>;
  docs: Pick<DocService, 'get'>;
  papers: Pick<PaperService, 'detail'>;
}

/** What the model is asked, and how its outline is finished before it is stored. */
interface ModelSource {
  source: MindmapSource;
  sourceRef: string | null;
  title: string;
  messages: ChatTurn[];
  finish?: (tree: MindmapNode) => void;
  /** The source's own structure, kept when the model's answer held no outline at all (a map is never left bare). */
  fallback?: () => MindmapNode;
}

/**
 * Making a map from each source (`POST /mindmap/create`). Every refusal
 * happens here, before the stream; maps that need no model are stored here
 * too. A model's map is metered like a chat answer through the answer gate
 * and runner (the one stream pipeline), after the day's free generations.
 */
export class MindmapCreator {
  private readonly repo = new MindmapRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Deps,
    private readonly gate: Pick<AnswerGate, 'begin' | 'exclusive' | 'isMember'>,
    private readonly runner: Pick<AnswerRunner, 'run'>,
  ) {}

  async config(): Promise<MindmapConfig> {
    const config = (await this.deps.settings.site()).mindmap_config;
    if (!config.is_open) throw new AppError('mindmap_closed', 403);
    return config;
  }

  /** `base`: the app's address, for links back into it (see appBase). */
  async prepare(userId: number, body: CreateBody, locale: Locale, base: string): Promise<CreatePlan> {
    const config = await this.config();
    switch (body.source) {
      case 'markdown':
        return this.fromMarkdown(userId, body);
      case 'answer':
        return this.fromAnswer(userId, body);
      case 'topic': {
        const topic = body.topic ?? '';
        if (topic === '') throw badRequest('mindmap_topic_empty');
        if (charCount(topic) > MINDMAP_QUESTION_MAX) throw badRequest('mindmap_question_too_long', { max: MINDMAP_QUESTION_MAX });
        const model = await this.deps.models.resolve(body.model, locale);
        // The offline channel quotes passages; it cannot write an outline of a topic, and saying so beats a map of quotes.
        if (!model.client) throw new AppError('mindmap_model_required', 503);
        const title = titleOf(body.title || topic);
        return this.withModel(userId, config, model, { source: 'topic', sourceRef: null, title, messages: topicPrompt(topic, locale) }, locale);
      }
      case 'document':
        return this.fromDocument(userId, body, config, locale, base);
      case 'paper':
        return this.fromPaper(userId, body, config, locale, base);
    }
  }

  private async fromMarkdown(userId: number, body: CreateBody): Promise<InstantPlan> {
    const tree = parseOutlineSource(body.markdown ?? '', body.title || undefined);
    return this.instant(userId, { source: 'markdown', sourceRef: null, title: titleOf(body.title || tree.topic), tree, structural: false, notice: null });
  }

  private async fromAnswer(userId: number, body: CreateBody): Promise<InstantPlan> {
    const answer = await this.repo.answer(this.ctx.db, userId, body.message_id ?? 0);
    if (!answer || answer.content.trim() === '') throw notFound('mindmap_answer_not_found');
    const question = await this.repo.questionBefore(this.ctx.db, answer.conversation_id, Number(answer.id));
    const title = titleOf(body.title || question || answer.content);
    // An answer is the model's prose around an outline: keep what is an outline, and fall back to its paragraphs.
    const outline = parseModelOutline(answer.content, title);
    const tree = outline.tree && outline.tree.children.length > 0 ? outline.tree : paragraphMap(title, answer.content);
    return this.instant(userId, { source: 'answer', sourceRef: answer.id, title, tree, structural: false, notice: null });
  }

  private async fromDocument(userId: number, body: CreateBody, config: MindmapConfig, locale: Locale, base: string): Promise<CreatePlan> {
    const doc = await this.deps.docs.get(userId, body.doc_id ?? 0);
    if (doc.status !== 'complete') throw conflict('mindmap_doc_not_ready');
    const pages = await this.repo.docPages(this.ctx.db, doc.id, DOC_PAGES_MAX);
    const link = (page: number) => docPageLink(base, doc.id, page);
    const title = titleOf(body.title || doc.name);
    const model = body.summarise ? await this.deps.models.resolve(body.model, locale) : null;
    if (model?.client) {
      const finish = (tree: MindmapNode) => linkPageMarks(tree, link, doc.pages || pages.length);
      const fallback = () => documentStructure({ docId: doc.id, name: title, pages, locale, pageLink: link });
      return this.withModel(userId, config, model, { source: 'document', sourceRef: String(doc.id), title, messages: documentPrompt(doc.name, pages, locale), finish, fallback }, locale);
    }
    const tree = documentStructure({ docId: doc.id, name: title, pages, locale, pageLink: link });
    return this.instant(userId, { source: 'document', sourceRef: String(doc.id), title, tree, structural: true, notice: 'mindmap_structural_only' });
  }

  private async fromPaper(userId: number, body: CreateBody, config: MindmapConfig, locale: Locale, base: string): Promise<CreatePlan> {
    const paper = await this.deps.papers.detail(body.paper_id ?? '', userId);
    const title = titleOf(body.title || paper.title);
    const model = body.summarise ? await this.deps.models.resolve(body.model, locale) : null;
    if (model?.client) {
      const fallback = () => paperStructure({ ...paper, title }, locale, (id) => paperLink(base, id));
      return this.withModel(userId, config, model, { source: 'paper', sourceRef: paper.id, title, messages: paperPrompt(paper, locale), finish: (tree) => void (tree.link ??= paperLink(base, paper.id)), fallback }, locale);
    }
    const tree = paperStructure({ ...paper, title }, locale, (id) => paperLink(base, id));
    return this.instant(userId, { source: 'paper', sourceRef: paper.id, title, tree, structural: true, notice: 'mindmap_structural_only' });
  }

  private async instant(userId: number, m: { source: MindmapSource; sourceRef: string | null; title: string; tree: MindmapNode; structural: boolean; notice: string | null }): Promise<InstantPlan> {
    const row = await this.repo.insert(this.ctx.db, { userId, ...m, status: 'done', nodes: countNodes(m.tree), model: null, now: this.ctx.now() });
    return { kind: 'instant', row };
  }

  /**
   * Who pays for a model's map: nobody within the day's free generations or
   * for members; after that the admin's price in word counts per 1,000 words,
   * or, with no price set, the chat model's own (metered like a chat answer).
   */
  private billing(userId: number, member: boolean, generationsToday: number, config: MindmapConfig, model: ResolvedModel): BillingPlan | null {
    if (generationsToday <= config.free_per_day || member) return null;
    if (config.price > 0) return { userId, billing: { mode: 'per_1k_words', price: config.price } };
    return model.billing.price > 0 ? { userId, billing: model.billing } : null;
  }

  private async withModel(userId: number, config: MindmapConfig, model: ResolvedModel, source: ModelSource, locale: Locale): Promise<ModelPlan> {
    const client = model.client;
    if (!client) throw new AppError('mindmap_model_required', 503);
    const settings = await this.deps.models.aiSettings();
    const now = this.ctx.now();
    const placeholder: MindmapNode = { topic: source.title, children: [] };
    // Read before the transaction: on PGlite (one connection) a read beside an open transaction would wait for it.
    const member = await this.gate.isMember(userId);
    const { row, plan } = await this.gate.exclusive(userId, () =>
      transaction(this.ctx.db, async (tx) => {
        // Counted in the transaction that may refuse: a refused generation is not one of the day's.
        const count = await this.repo.countGeneration(tx, userId, now.toISOString().slice(0, 10));
        const billing = this.billing(userId, member, count, config, model);
        await this.gate.begin(tx, userId, billing, settings);
        const inserted = await this.repo.insert(tx, { userId, title: source.title, source: source.source, sourceRef: source.sourceRef, status: 'generating', tree: placeholder, nodes: 1, structural: false, notice: null, model: model.key, now });
        return { row: inserted, plan: billing };
      }),
    );
    const result: ModelPlan = { kind: 'model', row, settled: null, job: undefined as unknown as AnswerJob };
    result.job = {
      client,
      model: model.upstreamModel,
      messages: source.messages,
      maxTokens: model.maxOutputTokens || undefined,
      locale,
      target: null,
      billing: plan,
      ledger: { reason: 'mindmap_output', refType: 'mindmap' },
      start: { type: 'start', id: row.id, title: row.title, source: source.source, streaming: true, model: model.key, model_name: model.name },
      persist: async (db, s) => {
        let outline: ModelOutline = outlineFromModel(s.content, source.title, s.status === 'stopped');
        if (outline.empty && source.fallback) outline = { tree: source.fallback(), empty: false, notice: 'mindmap_structural_only' };
        else source.finish?.(outline.tree);
        const status = s.status === 'failed' && outline.empty ? 'failed' : 'done';
        const notice = outline.notice ?? (s.status === 'failed' ? s.error : null);
        const revision = await this.repo.settle(db, row.id, { status, tree: outline.tree, nodes: countNodes(outline.tree), notice, words: s.words, chargedAsset: s.chargedAsset, charged: s.charged, now: s.now });
        if (revision !== null) result.settled = { tree: outline.tree, revision, notice };
      },
    };
    return result;
  }

  /** The stream: the map's id first, the outline as it arrives (model maps), the stored map, then the end. */
  async run(sink: FrameSink, plan: CreatePlan, locale: Locale, request: FastifyRequest): Promise<void> {
    const mapFrame = (tree: MindmapNode, revision: number, notice: string | null, structural: boolean) =>
      sink.send({ type: 'map', id: plan.row.id, title: plan.row.title, revision, tree, structural, notice, notice_msg: noticeText(notice, locale) });
    if (plan.kind === 'instant') {
      const row = plan.row;
      sink.send({ type: 'start', id: row.id, title: row.title, source: row.source as MindmapSource, streaming: false, model: null, model_name: null });
      mapFrame(row.tree, row.revision, row.notice, row.structural);
      sink.send({ type: 'end', message_id: null, status: 'done', usage: { prompt_tokens: 0, completion_tokens: 0, words: 0 }, charged: null, balance: null });
      sink.end();
      return;
    }
    await this.runner.run(
      sink,
      {
        ...plan.job,
        finish: (outcome) => {
          const settled = plan.settled;
          if (settled && !(outcome.failure && settled.tree.children.length === 0)) mapFrame(settled.tree, settled.revision, settled.notice, false);
          sink.send(outcome.frame);
        },
      },
      { request },
    );
  }
}
