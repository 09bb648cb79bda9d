import { sql, type Kysely } from 'kysely';

/**
 * Daily tasks, invitation rewards, the distribution programme and withdrawals.
 * The guarantees the code relies on are constraints here: a task
 * never rewarded past its daily limit (CHECK done <= limit is enforced by the
 * conditional upsert; done >= 0 here), one invitation reward per invitee
 * (primary key), one commission per order (UNIQUE order_id), a withdrawal
 * state machine whose transitions are `UPDATE ... WHERE status = ...`.
 * Money is integer cents; commission money itself lives in the ledger
 * (assets `commission` and `commission_held`).
 */
const L = (zh: string, en: string, ja: string, ko: string) => JSON.stringify({ zh, en, ja, ko });
const R = (conversation_count: number, word_count: number, drawing_count: number) => JSON.stringify({ conversation_count, word_count, drawing_count });

/** Seeded tasks (recorded in docs/product-choices.md); administrators edit them. */
const TASKS: [string, [string, string, string, string], [string, string, string, string], number, string][] = [
  ['signin', ['每日签到', 'Daily sign-in', '毎日のチェックイン', '매일 출석'], ['每天签到一次领取奖励', 'Sign in once a day for a reward', '1日1回チェックインして特典を受け取る', '하루 한 번 출석하고 보상 받기'], 1, R(5, 0, 0)],
  ['chat', ['使用 AI 对话', 'Use AI chat', 'AI チャットを使う', 'AI 대화 사용'], ['完成一次 AI 对话', 'Get one answer from AI chat', 'AI チャットで1回回答を得る', 'AI 대화로 한 번 답변 받기'], 1, R(3, 0, 0)],
  ['template', ['使用写作模板', 'Use a writing template', 'ライティングテンプレートを使う', '글쓰기 템플릿 사용'], ['用任意模板生成一次内容', 'Produce something with any template', 'いずれかのテンプレートで1回生成する', '아무 템플릿으로 한 번 생성하기'], 1, R(0, 2_000, 0)],
  ['share', ['分享邀请链接', 'Share your invitation link', '招待リンクを共有する', '초대 링크 공유'], ['好友点击你的邀请链接', 'A friend opens your invitation link', '友だちが招待リンクを開く', '친구가 초대 링크를 열기'], 3, R(1, 0, 0)],
  ['invite', ['邀请好友注册', 'Invite a friend who signs up', '友だちを招待して登録してもらう', '친구 초대 후 가입'], ['好友通过你的链接注册', 'A friend signs up through your link', '友だちがあなたのリンクから登録する', '친구가 내 링크로 가입'], 5, R(10, 0, 0)],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE tasks (
      id serial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('signin', 'chat', 'template', 'share', 'invite')),
      name jsonb NOT NULL,
      description jsonb NOT NULL,
      daily_limit integer NOT NULL CHECK (daily_limit BETWEEN 1 AND 100),
      reward jsonb NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // One row per (task, user, day in UTC+8); done counts rewarded completions.
  await sql`
    CREATE TABLE task_progress (
      task_id integer NOT NULL REFERENCES tasks(id),
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      day text NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      done integer NOT NULL CHECK (done >= 0),
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (task_id, user_id, day)
    )`.execute(db);
  await sql`CREATE INDEX task_progress_user_day_idx ON task_progress (user_id, day)`.execute(db);

  await sql`
    CREATE TABLE invite_rewards (
      invitee_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      inviter_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      unlock text NOT NULL CHECK (unlock IN ('signup', 'first_use', 'first_payment')),
      inviter_reward jsonb NOT NULL,
      invitee_reward jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'granted')),
      created_at timestamptz NOT NULL,
      granted_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX invite_rewards_inviter_idx ON invite_rewards (inviter_id, status)`.execute(db);

  await sql`
    CREATE TABLE commissions (
      id serial PRIMARY KEY,
      order_id integer NOT NULL UNIQUE REFERENCES orders(id),
      order_no text NOT NULL,
      promoter_id integer NOT NULL REFERENCES users(id),
      invitee_id integer NOT NULL REFERENCES users(id),
      order_amount integer NOT NULL CHECK (order_amount > 0),
      commission_bp integer NOT NULL CHECK (commission_bp BETWEEN 0 AND 10000),
      amount integer NOT NULL CHECK (amount > 0),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'settled', 'cancelled')),
      settle_at timestamptz NOT NULL,
      settled_at timestamptz,
      cancelled_at timestamptz,
      cancel_reason text,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX commissions_promoter_idx ON commissions (promoter_id, id DESC)`.execute(db);
  await sql`CREATE INDEX commissions_due_idx ON commissions (settle_at) WHERE status = 'pending'`.execute(db);

  await sql`
    CREATE TABLE withdrawals (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id),
      amount integer NOT NULL CHECK (amount > 0 AND amount <= 100000000),
      method text NOT NULL CHECK (method IN ('alipay', 'wechat', 'bank')),
      name text NOT NULL,
      account text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'paid')),
      reason text,
      reviewed_by integer,
      created_at timestamptz NOT NULL,
      reviewed_at timestamptz,
      paid_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX withdrawals_status_idx ON withdrawals (status, id DESC)`.execute(db);

  // An administrator may record a refund made by hand at the provider.
  await sql`ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_status_check`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('created', 'paid', 'fulfilled', 'closed', 'paid_after_close', 'refunded'))`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN refunded_at timestamptz, ADD COLUMN refund_reason text`.execute(db);

  let sort = 0;
  for (const [kind, name, description, limit, reward] of TASKS) {
    sort += 1;
    await sql`
      INSERT INTO tasks (kind, name, description, daily_limit, reward, sort)
      VALUES (${kind}, ${L(...name)}, ${L(...description)}, ${limit}, ${reward}, ${sort})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN refunded_at, DROP COLUMN refund_reason`.execute(db);
  for (const table of ['withdrawals', 'commissions', 'invite_rewards', 'task_progress', 'tasks']) await sql`DROP TABLE ${sql.table(table)}`.execute(db);
}
