import { sql, type Selectable } from 'kysely';
import type { Db, Tx } from '../../platform/db/transaction.js';
import type { LocalizedJson } from '../models/models.tables.js';
import type { CreationsTable, StoredField, TemplateCategoriesTable, TemplatesTable } from './templates.tables.js';
import type { Settlement } from '../../platform/stream/answers.repository.js';
import { likePattern } from '../chat/chat.repository.js';

export type TemplateRow = Selectable<TemplatesTable>;
export type CategoryRow = Selectable<TemplateCategoriesTable>;
export type CreationRow = Selectable<CreationsTable>;

export interface TemplateValues {
  key: string;
  category_id: number | null;
  names: LocalizedJson;
  descriptions: Partial<LocalizedJson>;
  fields: StoredField[];
  prompt: string;
  model: string | null;
  enabled: boolean;
  sort: number;
}

/** All SQL of writing templates, their categories and the creation history. */
export class TemplatesRepository {
  async lockSeeding(tx: Tx): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(7302, 0)`.execute(tx);
  }

  async isEmpty(tx: Tx): Promise<boolean> {
    const row = await sql<{ n: string }>`SELECT (SELECT count(*) FROM templates) + (SELECT count(*) FROM template_categories) AS n`.execute(tx);
    return Number(row.rows[0]?.n ?? 0) === 0;
  }

  categories(db: Db): Promise<CategoryRow[]> {
    return db.selectFrom('template_categories').selectAll().orderBy('sort').orderBy('id').execute();
  }

  templates(db: Db, enabledOnly: boolean): Promise<TemplateRow[]> {
    let query = db.selectFrom('templates').selectAll();
    if (enabledOnly) query = query.where('enabled', '=', true);
    return query.orderBy('sort').orderBy('id').execute();
  }

  template(db: Db, id: number): Promise<TemplateRow | undefined> {
    return db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertCategory(db: Db | Tx, names: LocalizedJson, sort: number, now: Date): Promise<CategoryRow> {
    return db.insertInto('template_categories').values({ names: JSON.stringify(names), sort, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
  }

  updateCategory(db: Db, id: number, names: LocalizedJson, sort: number, now: Date): Promise<CategoryRow | undefined> {
    return db.updateTable('template_categories').set({ names: JSON.stringify(names), sort, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async deleteCategory(db: Db, id: number): Promise<void> {
    await db.deleteFrom('template_categories').where('id', '=', id).execute();
  }

  private row(values: TemplateValues) {
    return { ...values, names: JSON.stringify(values.names), descriptions: JSON.stringify(values.descriptions), fields: JSON.stringify(values.fields) };
  }

  insertTemplate(db: Db | Tx, values: TemplateValues, now: Date): Promise<TemplateRow> {
    return db.insertInto('templates').values({ ...this.row(values), created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
  }

  updateTemplate(db: Db, id: number, values: TemplateValues, now: Date): Promise<TemplateRow | undefined> {
    return db.updateTable('templates').set({ ...this.row(values), updated_at: now }).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async deleteTemplate(db: Db, id: number): Promise<void> {
    await db.deleteFrom('templates').where('id', '=', id).execute();
  }

  insertCreation(tx: Tx, values: { userId: number; templateId: number; templateName: string; inputs: Record<string, string>; model: string; now: Date }): Promise<CreationRow> {
    return tx
      .insertInto('creations')
      .values({
        user_id: values.userId,
        template_id: values.templateId,
        template_name: values.templateName,
        inputs: JSON.stringify(values.inputs),
        status: 'generating',
        model: values.model,
        created_at: values.now,
        updated_at: values.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async settleCreation(tx: Tx | Db, id: number, s: Settlement): Promise<void> {
    await tx
      .updateTable('creations')
      .set({
        status: s.status,
        output: s.content,
        error: s.error,
        prompt_tokens: s.promptTokens,
        completion_tokens: s.completionTokens,
        words: s.words,
        charged_asset: s.chargedAsset,
        charged: s.charged,
        updated_at: s.now,
      })
      .where('id', '=', String(id))
      .execute();
  }

  creation(db: Db, userId: number, id: number): Promise<CreationRow | undefined> {
    return db.selectFrom('creations').selectAll().where('id', '=', String(id)).where('user_id', '=', userId).executeTakeFirst();
  }

  async deleteCreation(db: Db, userId: number, id: number): Promise<void> {
    await db.deleteFrom('creations').where('id', '=', String(id)).where('user_id', '=', userId).execute();
  }

  async history(db: Db, userId: number, filter: { keyword?: string; templateId?: number }, limit: number, offset: number): Promise<{ rows: CreationRow[]; count: number }> {
    let query = db.selectFrom('creations').where('user_id', '=', userId);
    if (filter.templateId) query = query.where('template_id', '=', filter.templateId);
    if (filter.keyword) {
      const pattern = likePattern(filter.keyword);
      query = query.where((eb) => eb.or([eb('template_name', 'ilike', pattern), eb('output', 'ilike', pattern), eb(sql<string>`inputs::text`, 'ilike', pattern)]));
    }
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, count: Number(total.n) };
  }
}
