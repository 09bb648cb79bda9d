import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { SkillCategory } from '@xueba/contract';
import type { Db, Tx } from '../../platform/db/transaction.js';
import { likePattern } from '../chat/chat.repository.js';
import type { SkillsTable } from './skill.tables.js';

export type SkillRow = Selectable<SkillsTable>;
export type SkillRowWithFavorite = SkillRow & { favorite: boolean };
export type NewSkill = Insertable<SkillsTable>;

export interface CatalogueQuery {
  userId: number | null;
  category?: SkillCategory;
  keyword?: string;
  favoritesOnly: boolean;
}

/** Every text column a keyword is looked for in, all four languages. */
const SEARCHABLE = sql<string>`concat_ws(' ', s.names->>'zh', s.names->>'en', s.names->>'ja', s.names->>'ko', s.descriptions->>'zh', s.descriptions->>'en', s.descriptions->>'ja', s.descriptions->>'ko')`;

/** All SQL of skills and their favourites. */
export class SkillRepository {
  /** Enabled skills, most used first, with whether the user favourited each. */
  catalogue(db: Db, q: CatalogueQuery): Promise<SkillRowWithFavorite[]> {
    let query = db.selectFrom('skills as s').selectAll('s').where('s.enabled', '=', true);
    if (q.category) query = query.where('s.category', '=', q.category);
    if (q.keyword) query = query.where(SEARCHABLE, 'ilike', likePattern(q.keyword));
    const favorite =
      q.userId === null
        ? sql<boolean>`false`
        : sql<boolean>`EXISTS (SELECT 1 FROM skill_favorites f WHERE f.skill_id = s.id AND f.user_id = ${q.userId})`;
    if (q.favoritesOnly) {
      if (q.userId === null) return Promise.resolve([]);
      query = query.where(favorite, '=', true);
    }
    return query.select(favorite.as('favorite')).orderBy('s.use_count', 'desc').orderBy('s.sort').orderBy('s.id').execute();
  }

  async enabled(db: Db | Tx, id: number, userId: number | null): Promise<SkillRowWithFavorite | undefined> {
    const favorite = userId === null ? sql<boolean>`false` : sql<boolean>`EXISTS (SELECT 1 FROM skill_favorites f WHERE f.skill_id = s.id AND f.user_id = ${userId})`;
    return db.selectFrom('skills as s').selectAll('s').select(favorite.as('favorite')).where('s.id', '=', id).where('s.enabled', '=', true).executeTakeFirst();
  }

  skill(db: Db | Tx, id: number): Promise<SkillRow | undefined> {
    return db.selectFrom('skills').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Admin list: every skill, with how many users favourited it. */
  all(db: Db): Promise<(SkillRow & { favorites: number })[]> {
    return db
      .selectFrom('skills as s')
      .selectAll('s')
      .select(sql<number>`(SELECT count(*)::int FROM skill_favorites f WHERE f.skill_id = s.id)`.as('favorites'))
      .orderBy('s.sort')
      .orderBy('s.id')
      .execute();
  }

  insert(db: Db | Tx, values: NewSkill): Promise<SkillRow> {
    return db.insertInto('skills').values(values).returningAll().executeTakeFirstOrThrow();
  }

  update(db: Db, id: number, values: Updateable<SkillsTable>): Promise<SkillRow | undefined> {
    return db.updateTable('skills').set(values).where('id', '=', id).returningAll().executeTakeFirst();
  }

  delete(db: Db, id: number): Promise<SkillRow | undefined> {
    return db.deleteFrom('skills').where('id', '=', id).returningAll().executeTakeFirst();
  }

  async favoriteCount(db: Db, id: number): Promise<number> {
    const row = await db.selectFrom('skill_favorites').select((eb) => eb.fn.countAll<string>().as('n')).where('skill_id', '=', id).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async setFavorite(db: Db, userId: number, skillId: number, favorite: boolean, now: Date): Promise<void> {
    if (favorite) {
      await db.insertInto('skill_favorites').values({ user_id: userId, skill_id: skillId, created_at: now }).onConflict((oc) => oc.doNothing()).execute();
    } else {
      await db.deleteFrom('skill_favorites').where('user_id', '=', userId).where('skill_id', '=', skillId).execute();
    }
  }

  async lockSeeding(tx: Tx): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(7303, 0)`.execute(tx);
  }

  async count(db: Db | Tx): Promise<number> {
    const row = await db.selectFrom('skills').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
