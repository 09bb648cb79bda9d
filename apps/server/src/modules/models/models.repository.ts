import type { Selectable } from 'kysely';
import type { Db, Tx } from '../../platform/db/transaction.js';
import type { AiChannelsTable, AiModelsTable, LocalizedJson } from './models.tables.js';

export type ChannelRow = Selectable<AiChannelsTable>;
export type ModelRow = Selectable<AiModelsTable>;

export interface ChannelValues {
  name: string;
  base_url: string;
  api_key_sealed?: string | null;
  first_token_timeout_ms: number;
  total_timeout_ms: number;
  enabled: boolean;
}

export interface ModelValues {
  channel_id: number;
  key: string;
  upstream_model: string;
  names: LocalizedJson;
  visible: boolean;
  billing_mode: 'per_answer' | 'per_1k_words';
  price: number;
  context_tokens: number;
  max_output_tokens: number;
  sort: number;
}

/** All SQL of model channels and models. */
export class ModelsRepository {
  channels(db: Db): Promise<ChannelRow[]> {
    return db.selectFrom('ai_channels').selectAll().orderBy('id').execute();
  }

  models(db: Db): Promise<ModelRow[]> {
    return db.selectFrom('ai_models').selectAll().orderBy('sort').orderBy('id').execute();
  }

  channel(db: Db | Tx, id: number): Promise<ChannelRow | undefined> {
    return db.selectFrom('ai_channels').selectAll().where('id', '=', id).executeTakeFirst();
  }

  model(db: Db | Tx, id: number): Promise<ModelRow | undefined> {
    return db.selectFrom('ai_models').selectAll().where('id', '=', id).executeTakeFirst();
  }

  insertChannel(db: Db, values: ChannelValues, now: Date): Promise<ChannelRow> {
    return db
      .insertInto('ai_channels')
      .values({ ...values, api_key_sealed: values.api_key_sealed ?? null, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateChannel(db: Db, id: number, values: Partial<ChannelValues>, now: Date): Promise<ChannelRow | undefined> {
    return db.updateTable('ai_channels').set({ ...values, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async deleteChannel(db: Db, id: number): Promise<void> {
    await db.deleteFrom('ai_channels').where('id', '=', id).execute();
  }

  insertModel(db: Db, values: ModelValues, now: Date): Promise<ModelRow> {
    return db
      .insertInto('ai_models')
      .values({ ...values, names: JSON.stringify(values.names), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateModel(db: Db, id: number, values: ModelValues, now: Date): Promise<ModelRow | undefined> {
    return db
      .updateTable('ai_models')
      .set({ ...values, names: JSON.stringify(values.names), updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteModel(db: Db, id: number): Promise<void> {
    await db.deleteFrom('ai_models').where('id', '=', id).execute();
  }
}
