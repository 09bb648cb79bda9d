import type { z } from 'zod';
import { pageOffset } from '../../platform/http/paging.js';
import { charCount, type adminTemplateInputSchema, type Locale, type Template } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { PG, pgErrorCode, transaction } from '../../platform/db/transaction.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import { localized, type ModelsService } from '../models/models.service.js';
import type { AnswerGate } from '../../platform/stream/answer-gate.js';
import type { AnswerJob, AnswerRunner } from '../../platform/stream/answer-runner.js';
import { AnswersRepository } from '../../platform/stream/answers.repository.js';
import { overlapping, startUpstream } from '../../platform/stream/model-call.js';
import { systemPrompt } from '../chat/system-prompt.js';
import type { LocalizedJson } from '../models/models.tables.js';
import type { StoredField } from './templates.tables.js';
import { TemplatesRepository, type CategoryRow, type CreationRow, type TemplateRow } from './templates.repository.js';
import { SEED_CATEGORIES, SEED_TEMPLATES } from './templates.seed.js';

const SEEDED_KEY = 'templates_seeded';
const LOCALE_NAMES: Record<Locale, string> = { zh: '简体中文', en: 'English', ja: '日本語', ko: '한국어' };

function presentTemplate(t: TemplateRow, locale: Locale): Template {
  return {
    id: t.id,
    key: t.key,
    category_id: t.category_id,
    name: localized(t.names, locale),
    description: localized(t.descriptions, locale),
    model: t.model,
    fields: t.fields.map((f) => ({
      name: f.name,
      label: localized(f.label, locale),
      placeholder: localized(f.placeholder, locale),
      type: f.type,
      required: f.required,
      max_length: f.max_length,
      options: f.options.map((o) => ({ value: o.value, label: localized(o.label, locale) })),
    })),
  };
}

function presentAdmin(t: TemplateRow) {
  return { id: t.id, key: t.key, category_id: t.category_id, names: t.names, descriptions: t.descriptions as Record<string, string>, fields: t.fields, prompt: t.prompt, model: t.model, enabled: t.enabled, sort: t.sort };
}

function presentCreation(c: CreationRow) {
  return {
    id: Number(c.id),
    template_id: c.template_id,
    template_name: c.template_name,
    inputs: c.inputs,
    output: c.output,
    status: c.status,
    error: c.error,
    model: c.model,
    usage: { prompt_tokens: c.prompt_tokens, completion_tokens: c.completion_tokens, words: c.words },
    created_at: c.created_at.toISOString(),
  };
}

/** What the user typed into a template's free-text fields (choices of a list are the template's words). */
function userText(template: TemplateRow, values: Record<string, string>): string {
  return template.fields
    .filter((f) => f.type !== 'select')
    .map((f) => values[f.name] ?? '')
    .filter(Boolean)
    .join('\n');
}

/** Fills `{{field}}` placeholders; an empty optional field reads as a dash so the prompt stays grammatical. */
export function renderPrompt(prompt: string, values: Record<string, string>, locale: Locale): string {
  return prompt.replace(/\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g, (whole, name: string) => {
    if (name === 'locale') return LOCALE_NAMES[locale];
    if (!Object.prototype.hasOwnProperty.call(values, name)) return whole;
    return values[name] || '—';
  });
}

/** Writing templates: the catalogue, running one (streamed and billed like chat), history, admin editing. */
export class TemplatesService {
  private readonly repo = new TemplatesRepository();
  private readonly answers = new AnswersRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
    private readonly models: ModelsService,
    private readonly gate: AnswerGate,
    private readonly runner: AnswerRunner,
  ) {}

  /** Seeds spec §1's templates once per installation; deleted ones stay deleted. */
  async seed(): Promise<void> {
    if (await this.settings.getRaw(SEEDED_KEY)) return;
    const now = this.ctx.now();
    await transaction(this.ctx.db, async (tx) => {
      await this.repo.lockSeeding(tx);
      if (!(await this.repo.isEmpty(tx))) return;
      const categories = new Map<string, number>();
      for (const c of SEED_CATEGORIES) categories.set(c.key, (await this.repo.insertCategory(tx, c.names, c.sort, now)).id);
      for (const t of SEED_TEMPLATES) {
        await this.repo.insertTemplate(tx, { key: t.key, category_id: categories.get(t.category) ?? null, names: t.names, descriptions: t.descriptions, fields: t.fields, prompt: t.prompt, model: null, enabled: true, sort: t.sort }, now);
      }
    });
    await this.settings.setRaw(SEEDED_KEY, true);
  }

  async catalogue(locale: Locale) {
    const [categories, templates] = await Promise.all([this.repo.categories(this.ctx.db), this.repo.templates(this.ctx.db, true)]);
    return {
      categories: categories.map((c) => ({ id: c.id, name: localized(c.names, locale), sort: c.sort })),
      lists: templates.map((t) => presentTemplate(t, locale)),
    };
  }

  /** Validates the form (spec §5: required fields cannot be empty) before anything is stored or billed. */
  private validate(template: TemplateRow, input: Record<string, string>, locale: Locale): Record<string, string> {
    const values: Record<string, string> = {};
    for (const field of template.fields) {
      const value = (input[field.name] ?? '').trim();
      const label = localized(field.label, locale);
      if (field.required && value === '') throw badRequest('required_field_empty', { field: label });
      if (charCount(value) > field.max_length) throw badRequest('field_too_long', { field: label, max: field.max_length });
      if (field.type === 'select' && value !== '' && !field.options.some((o) => o.value === value)) throw badRequest('validation_failed', { field: field.name });
      values[field.name] = field.type === 'select' && value ? localized(field.options.find((o) => o.value === value)?.label ?? {}, 'en') || value : value;
    }
    return values;
  }

  async prepareProduce(userId: number, body: { template_id: number; fields: Record<string, string>; model?: string }, locale: Locale): Promise<AnswerJob> {
    const template = await this.repo.template(this.ctx.db, body.template_id);
    if (!template || !template.enabled) throw new AppError('template_not_found', 404);
    const values = this.validate(template, body.fields, locale);
    const settings = await this.models.aiSettings();
    const model = await this.models.resolve(body.model ?? template.model ?? undefined, locale).catch((error: unknown) => {
      // A template's preferred model that was removed falls back to the default; a user's explicit pick does not.
      if (body.model) throw error;
      return this.models.resolve(undefined, locale);
    });
    const plan = await this.gate.billingFor(userId, model);
    await this.gate.quickCheck(userId, plan, settings, this.runner.openFor(userId));
    const inputs = Object.fromEntries(Object.entries(body.fields).filter(([k]) => template.fields.some((f) => f.name === k)).map(([k, v]) => [k, v.trim()]));
    const call = {
      // Offline, retrieval looks for what the user wrote, not for the template's instructions.
      client: this.gate.clientFor(model, locale, userId, userText(template, values)),
      model: model.upstreamModel,
      messages: [
        { role: 'system' as const, content: systemPrompt(settings) },
        { role: 'user' as const, content: renderPrompt(template.prompt, values, locale) },
      ],
      maxTokens: model.maxOutputTokens || undefined,
    };
    // The call starts while the creation row is written (see ChatService.prepareSend).
    const upstream = startUpstream(call);
    const creation = await overlapping(upstream, () =>
      this.gate.exclusive(userId, () =>
        transaction(this.ctx.db, async (tx) => {
          await this.gate.begin(tx, userId, plan, settings);
          return this.repo.insertCreation(tx, { userId, templateId: template.id, templateName: localized(template.names, locale), inputs, model: model.key, now: this.ctx.now() });
        }),
      ),
    );
    const id = Number(creation.id);
    return {
      ...call,
      upstream,
      target: { table: 'creations', id, userId },
      billing: plan,
      locale,
      start: { type: 'start', creation_id: id, template_id: template.id, model: model.key, model_name: model.name, offline: model.kind === 'offline' },
      persist: (tx, s) => this.repo.settleCreation(tx, id, s),
      ledger: { reason: 'create_output', refType: 'creation' },
    };
  }

  async stop(userId: number, id: number) {
    const row = await this.repo.creation(this.ctx.db, userId, id);
    if (!row) throw notFound();
    if (row.status !== 'generating') return { status: row.status };
    await this.answers.requestStop(this.ctx.db, 'creations', userId, [id]);
    const settled = this.runner.abort('creations', id, userId);
    if (settled) await settled;
    return { status: (await this.repo.creation(this.ctx.db, userId, id))?.status ?? 'stopped' };
  }

  async history(userId: number, query: { page_no: number; page_size: number; keyword?: string; template_id?: number }) {
    const { rows, count } = await this.repo.history(this.ctx.db, userId, { keyword: query.keyword || undefined, templateId: query.template_id }, query.page_size, pageOffset(query));
    return { lists: rows.map(presentCreation), count, page_no: query.page_no, page_size: query.page_size };
  }

  async detail(userId: number, id: number) {
    const row = await this.repo.creation(this.ctx.db, userId, id);
    if (!row) throw notFound();
    return presentCreation(row);
  }

  /**
   * The owner first: someone else's creation is not found, like a missing one
   * (product-choices "Ownership checks"), and its output keeps streaming.
   * A running output of the owner is stopped (here or in another process) before its row goes.
   */
  async deleteCreation(userId: number, id: number): Promise<void> {
    const row = await this.repo.creation(this.ctx.db, userId, id);
    if (!row) throw notFound();
    if (row.status === 'generating') {
      await this.answers.requestStop(this.ctx.db, 'creations', userId, [id]);
      await this.runner.abort('creations', id, userId);
    }
    await this.repo.deleteCreation(this.ctx.db, userId, id);
  }

  async adminCategories() {
    return { lists: (await this.repo.categories(this.ctx.db)).map(presentCategory) };
  }

  async saveCategory(input: { id?: number; names: LocalizedJson; sort: number }) {
    const now = this.ctx.now();
    const row = input.id ? await this.repo.updateCategory(this.ctx.db, input.id, input.names, input.sort, now) : await this.repo.insertCategory(this.ctx.db, input.names, input.sort, now);
    if (!row) throw notFound();
    return presentCategory(row);
  }

  async deleteCategory(id: number): Promise<void> {
    await this.repo.deleteCategory(this.ctx.db, id);
  }

  async adminTemplates() {
    return { lists: (await this.repo.templates(this.ctx.db, false)).map(presentAdmin) };
  }

  async saveTemplate(input: z.output<typeof adminTemplateInputSchema>) {
    const now = this.ctx.now();
    const fields: StoredField[] = input.fields.map((f) => ({ ...f, placeholder: f.placeholder }));
    const values = {
      key: input.key ?? `t_${now.getTime().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      category_id: input.category_id,
      names: input.names,
      descriptions: input.descriptions,
      fields,
      prompt: input.prompt,
      model: input.model,
      enabled: input.enabled,
      sort: input.sort,
    };
    let row: TemplateRow | undefined;
    try {
      row = input.id ? await this.repo.updateTemplate(this.ctx.db, input.id, values, now) : await this.repo.insertTemplate(this.ctx.db, values, now);
    } catch (error) {
      if (pgErrorCode(error) === PG.UNIQUE_VIOLATION) throw conflict('validation_failed', { field: 'key' });
      if (pgErrorCode(error) === '23503') throw badRequest('validation_failed', { field: 'category_id' });
      throw error;
    }
    if (!row) throw notFound();
    return presentAdmin(row);
  }

  async deleteTemplate(id: number): Promise<void> {
    await this.repo.deleteTemplate(this.ctx.db, id);
  }
}

function presentCategory(c: CategoryRow) {
  return { id: c.id, names: c.names, sort: c.sort };
}
