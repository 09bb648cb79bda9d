import { sql, type Kysely } from 'kysely';

/**
 * Staff roles (docs/decisions/0036-staff-roles.md): an `operator` runs the
 * site's content, feedback and support; only an `admin` touches money,
 * settings and roles.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'operator', 'admin'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE users SET role = 'user' WHERE role = 'operator'`.execute(db);
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'admin'))`.execute(db);
}
