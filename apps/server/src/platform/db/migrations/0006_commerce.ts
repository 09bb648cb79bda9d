import { sql, type Kysely } from 'kysely';

/**
 * Packages, orders, the payment-notification log and redeem codes.
 * Money is integer cents. Guarantees the code relies on are constraints here:
 * one fulfilment per order (status machine + ledger idempotency keys), a code
 * never used more than its allowance (CHECK uses <= uses_per_code), one use per
 * user where the batch says so (partial unique index).
 */
/**
 * Seeded packages (prices in cents, recorded in docs/decisions/0007-orders-payments-and-redeem-codes.md): the five
 * word packages of spec §3 and four memberships. Administrators edit them.
 */
const L = (zh: string, en: string, ja: string, ko: string) => JSON.stringify({ zh, en, ja, ko });
const WORD_PACKAGES: [number, number, number, boolean][] = [
  // [words, price, original price, recommended]
  [10_000, 990, 1_500, false],
  [30_000, 1_990, 3_000, false],
  [100_000, 4_990, 8_000, true],
  [350_000, 14_900, 24_500, false],
  [500_000, 19_900, 35_000, false],
];
const MEMBER_PACKAGES: [[string, string, string, string], 'vip' | 'bvip', number, number, number, number, number][] = [
  // [names zh/en/ja/ko, level, months, price, original, gift conversations, gift drawings]
  [['月度 VIP', 'Monthly VIP', '月額 VIP', '월간 VIP'], 'vip', 1, 3_900, 5_900, 100, 10],
  [['季度 VIP', 'Quarterly VIP', '3か月 VIP', '분기 VIP'], 'vip', 3, 9_900, 17_700, 300, 30],
  [['年度 VIP', 'Yearly VIP', '年額 VIP', '연간 VIP'], 'vip', 12, 29_900, 70_800, 1_200, 120],
  [['永久 B-VIP', 'Permanent B-VIP', '永久 B-VIP', '평생 B-VIP'], 'bvip', 0, 99_900, 199_900, 3_000, 300],
];

async function seed(db: Kysely<unknown>): Promise<void> {
  let sort = 0;
  for (const [words, price, original, recommended] of WORD_PACKAGES) {
    const wan = words / 10_000;
    sort += 1;
    await sql`
      INSERT INTO packages (type, name, description, original_price, price, word_count, recommended, sort, benefits)
      VALUES ('recharge', ${L(`${wan}万字`, `${words / 1000}k words`, `${wan}万字`, `${words / 1000}천 자`)},
              ${L(`对话字数 ${wan} 万`, `${words.toLocaleString('en')} words of conversation`, `会話文字数 ${wan} 万字`, `대화 글자 수 ${words.toLocaleString('en')}자`)},
              ${original}, ${price}, ${words}, ${recommended}, ${sort}, ${JSON.stringify([{ type: 3, value: String(words) }])})`.execute(db);
  }
  sort = 0;
  for (const [[zh, en, ja, ko], level, months, price, original, giftChats, giftDraws] of MEMBER_PACKAGES) {
    sort += 1;
    const benefits = [{ type: 0, value: '' }, { type: level === 'bvip' ? 2 : 1, value: '' }];
    await sql`
      INSERT INTO packages (type, name, description, level, kind, months, original_price, price,
                            gift_conversation_count, gift_drawing_count, invoice, benefits, recommended, sort)
      VALUES ('member', ${L(zh, en, ja, ko)}, ${L('', '', '', '')}, ${level}, 'academic_ai', ${months}, ${original}, ${price},
              ${giftChats}, ${giftDraws}, true, ${JSON.stringify(benefits)}, ${months === 12}, ${sort})`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE packages (
      id serial PRIMARY KEY,
      type text NOT NULL CHECK (type IN ('member', 'recharge')),
      name jsonb NOT NULL,
      description jsonb NOT NULL,
      level text CHECK (level IN ('vip', 'bvip')),
      kind text,
      months integer CHECK (months BETWEEN 0 AND 120),
      original_price integer NOT NULL CHECK (original_price BETWEEN 0 AND 100000000),
      price integer NOT NULL CHECK (price BETWEEN 1 AND 100000000),
      conversation_count integer NOT NULL DEFAULT 0 CHECK (conversation_count >= 0),
      word_count integer NOT NULL DEFAULT 0 CHECK (word_count >= 0),
      drawing_count integer NOT NULL DEFAULT 0 CHECK (drawing_count >= 0),
      gift_conversation_count integer NOT NULL DEFAULT 0 CHECK (gift_conversation_count >= 0),
      gift_word_count integer NOT NULL DEFAULT 0 CHECK (gift_word_count >= 0),
      gift_drawing_count integer NOT NULL DEFAULT 0 CHECK (gift_drawing_count >= 0),
      invoice boolean NOT NULL DEFAULT false,
      benefits jsonb NOT NULL DEFAULT '[]',
      recommended boolean NOT NULL DEFAULT false,
      sort integer NOT NULL DEFAULT 0,
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (type = 'recharge' OR (level IS NOT NULL AND kind IS NOT NULL AND months IS NOT NULL))
    );
    CREATE INDEX packages_type_idx ON packages (type, sort);

    CREATE TABLE orders (
      id serial PRIMARY KEY,
      order_no text NOT NULL UNIQUE,
      user_id integer NOT NULL REFERENCES users(id),
      package_id integer NOT NULL REFERENCES packages(id),
      package_type text NOT NULL,
      -- What was bought, frozen at order time: a later package edit changes nothing already sold.
      snapshot jsonb NOT NULL,
      gateway text NOT NULL,
      amount integer NOT NULL CHECK (amount BETWEEN 1 AND 100000000),
      status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'fulfilled', 'closed', 'paid_after_close')),
      trade_no text,
      paid_amount integer,
      user_sn text,
      channel text,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      paid_at timestamptz,
      fulfilled_at timestamptz,
      closed_at timestamptz
    );
    CREATE INDEX orders_user_idx ON orders (user_id, id DESC);
    CREATE INDEX orders_status_idx ON orders (status, id DESC);

    CREATE TABLE payment_notifications (
      id bigserial PRIMARY KEY,
      gateway text NOT NULL,
      order_no text,
      trade_no text,
      paid_amount integer,
      outcome text NOT NULL,
      detail text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL
    );
    CREATE INDEX payment_notifications_order_idx ON payment_notifications (order_no, id DESC);

    CREATE TABLE redeem_batches (
      id serial PRIMARY KEY,
      created_by integer REFERENCES users(id),
      count integer NOT NULL CHECK (count > 0),
      uses_per_code integer NOT NULL CHECK (uses_per_code > 0),
      one_per_user boolean NOT NULL,
      expires_at timestamptz,
      grant_spec jsonb NOT NULL,
      disabled boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL
    );

    CREATE TABLE redeem_codes (
      id serial PRIMARY KEY,
      batch_id integer NOT NULL REFERENCES redeem_batches(id),
      code text NOT NULL UNIQUE,
      uses integer NOT NULL DEFAULT 0,
      uses_per_code integer NOT NULL,
      disabled boolean NOT NULL DEFAULT false,
      CHECK (uses >= 0 AND uses <= uses_per_code)
    );
    CREATE INDEX redeem_codes_batch_idx ON redeem_codes (batch_id, id);

    CREATE TABLE redeem_uses (
      id serial PRIMARY KEY,
      code_id integer NOT NULL REFERENCES redeem_codes(id),
      user_id integer NOT NULL REFERENCES users(id),
      one_per_user boolean NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX redeem_uses_once_per_user ON redeem_uses (code_id, user_id) WHERE one_per_user;
  `.execute(db);
  await seed(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE redeem_uses;
    DROP TABLE redeem_codes;
    DROP TABLE redeem_batches;
    DROP TABLE payment_notifications;
    DROP TABLE orders;
    DROP TABLE packages;
  `.execute(db);
}
