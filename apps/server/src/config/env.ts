import { z } from 'zod';
import path from 'node:path';

/**
 * Every setting the server reads from the environment, parsed in one place.
 * A bad configuration fails at start with every bad key listed at once.
 */
const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/**
 * A comma-separated list of `host:port` pairs, each written the way a URL
 * spells its host (lower case, IPv4 in dotted form, IPv6 in brackets) so it
 * compares equal to the URL being fetched. The port is required: the
 * exception is for one service, not for every port of a machine.
 */
const hostPortList = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
    const out: string[] = [];
    for (const entry of entries) {
      const match = /^(.+):(\d{1,5})$/.exec(entry);
      const port = Number(match?.[2]);
      let host = '';
      try {
        host = match ? new URL(`http://${match[1]}/`).hostname : '';
      } catch {
        host = '';
      }
      if (!host || !(port >= 1 && port <= 65535) || /[/\\@?#]/.test(match?.[1] ?? '')) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `"${entry}" is not host:port (IPv6 as [::1]:8080)` });
        continue;
      }
      out.push(`${host}:${port}`);
    }
    return out;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Embedded database only: run PGlite in its own thread (1) or on the app's event loop (0).
   * Unset: a thread for DATA_DIR, in-process for the tests' in-memory database (decision 0015).
   */
  PGLITE_THREAD: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().default('Xueba <no-reply@xueba.local>'),
  PUBLIC_URL: z.string().url().optional(),
  API_PREFIX: z
    .string()
    .regex(/^\/[A-Za-z0-9_/-]*$/, 'must start with / and contain only letters, digits, _ - /')
    .default('/api')
    .transform((v) => (v.length > 1 ? v.replace(/\/+$/, '') : v)),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).max(20).optional(),
  /** Encrypts stored provider keys (AES-256-GCM). Without it a random secret is kept in DATA_DIR. */
  APP_SECRET: z.string().min(16).optional(),
  /** SMS delivery: `log` (development), `aliyun` or `tencent`; the keys below are required for the real ones (decision 0023). */
  SMS_PROVIDER: z.enum(['log', 'aliyun', 'tencent']).default('log'),
  /** Aliyun AccessKey ID/secret, or Tencent Cloud SecretId/SecretKey. */
  SMS_ACCESS_KEY_ID: z.string().optional(),
  SMS_ACCESS_KEY_SECRET: z.string().optional(),
  SMS_SIGN_NAME: z.string().optional(),
  /** Tencent Cloud only: the SMS application's SdkAppId. */
  SMS_SDK_APP_ID: z.string().regex(/^\d+$/, 'must be the numeric SdkAppId').optional(),
  SMS_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region id such as cn-hangzhou or ap-guangzhou').optional(),
  /** Template id for every scene without its own SMS_TEMPLATE_<SCENE>. */
  SMS_TEMPLATE: z.string().optional(),
  SMS_TEMPLATE_LOGIN: z.string().optional(),
  SMS_TEMPLATE_REGISTER: z.string().optional(),
  SMS_TEMPLATE_FIND_PASSWORD: z.string().optional(),
  SMS_TEMPLATE_BIND_MOBILE: z.string().optional(),
  SMS_TEMPLATE_CHANGE_MOBILE: z.string().optional(),
  /** The parameters the templates take, in order (Tencent's are positional): `code` and/or `minutes`. */
  SMS_TEMPLATE_PARAMS: z
    .string()
    .default('code')
    .transform((v) => v.split(',').map((name) => name.trim()).filter(Boolean))
    .pipe(z.array(z.enum(['code', 'minutes'])).min(1, 'must name at least one of code, minutes')),
  /** The provider's API base URL (`http://127.0.0.1:port` in tests); default the provider's public HTTPS endpoint. */
  SMS_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/?#@\s]+\/?$/, 'must be http(s)://host[:port] (the SDKs take no path)')
    .optional(),
  GOOGLE_ISSUER: z.string().url().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  /** Base URLs of the WeChat open platform; overridable so tests can point at a local peer. */
  WECHAT_OPEN_URL: z.string().url().default('https://open.weixin.qq.com'),
  WECHAT_API_URL: z.string().url().default('https://api.weixin.qq.com'),
  /** Paper sources; base URLs overridable so tests can point at a local peer. */
  OPENALEX_URL: z.string().url().default('https://api.openalex.org'),
  SEMANTIC_SCHOLAR_URL: z.string().url().default('https://api.semanticscholar.org'),
  PAPER_SOURCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** The merged source's deadline for its remote part: past it the page is the local results alone (decision 0022). */
  PAPER_REMOTE_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(1500),
  /**
   * Import the shipped starter corpus (ACL Anthology, CC BY 4.0) into an empty library once, in the
   * background after listening. Unset: on, except under NODE_ENV=test (decision 0022).
   */
  PAPERS_STARTER: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  /**
   * Fetches of user-influenced URLs (a paper's open PDF) refuse private and reserved addresses;
   * these `host:port` pairs are fetched anyway. Meant for local test publishers, empty in production.
   */
  REMOTE_FETCH_ALLOW_HOSTS: hostPortList,
  WEB_DIST: z.string().optional(),
  /**
   * The sandbox payment gateway grants purchases without money, so it is off unless asked for
   * (`PAY_SANDBOX=1`), in every NODE_ENV. Beside a real provider it serves admins only, and only
   * when an admin switches that on (decision 0016).
   */
  PAY_SANDBOX: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
    .optional()
    .transform((v) => v === '1' || v === 'true' || v === 'yes' || v === 'on'),
  /** Delay before the sandbox sends its signed notification, like a real provider's asynchronous call. */
  PAY_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** Unpaid orders close after this many minutes. */
  ORDER_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  WECHATPAY_MCH_ID: z.string().optional(),
  WECHATPAY_APP_ID: z.string().optional(),
  /** Serial number of the merchant API certificate, sent with each signed request. */
  WECHATPAY_SERIAL_NO: z.string().optional(),
  /** Merchant private key (PEM; literal \n accepted). */
  WECHATPAY_PRIVATE_KEY: z.string().optional(),
  /** WeChat Pay platform public key (PEM) that signs notifications and responses. */
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_API_V3_KEY: z.string().length(32).optional(),
  WECHATPAY_API_URL: z.string().url().default('https://api.mch.weixin.qq.com'),
  ALIPAY_APP_ID: z.string().optional(),
  /** Application private key (PEM) and Alipay's public key (PEM). */
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY_URL: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  /** Default: `info` (one line a request), `warn` when NODE_ENV=production (no line a request). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: boolish,
  /**
   * Verification codes one client address may ask for in 24 hours (every target together). A campus or
   * company behind one NAT address may need more than the default.
   */
  CODE_DAILY_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** A read-only model channel from the environment: an OpenAI-compatible base URL, its key and a comma-separated model list. */
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODELS: z.string().optional(),
  /** Embedding model on the env channel: documents get hybrid (keyword + vector) retrieval. Unset: keyword only. */
  AI_EMBEDDING_MODEL: z.string().optional(),
  /**
   * Files in an S3-compatible bucket instead of DATA_DIR/files, so several app processes share them
   * (decision 0024). S3_BUCKET selects it; the key pair is required with it.
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, . and -)')
    .optional(),
  /** Unset: AWS; else the service's URL (MinIO, Cloudflare R2, Aliyun OSS, Tencent COS…). */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `endpoint/bucket/key` addressing, which most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: boolish,
  /** Public base URL of the bucket's `public/` keys (a CDN or public-read bucket); unset: served through /files/. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /**
   * Drawing channels from the environment (read-only in admin; each can be switched off there).
   * A family with its URL set is on with the defaults: price 1 drawing count a picture.
   * OpenAI Images API on any compatible base URL, with a comma-separated model list.
   */
  DRAW_OPENAI_BASE_URL: z.string().url().optional(),
  DRAW_OPENAI_API_KEY: z.string().optional(),
  DRAW_OPENAI_MODELS: z.string().default('dall-e-3'),
  /** An AUTOMATIC1111 / Forge WebUI base URL, and `user:password` when it runs with --api-auth. */
  DRAW_SD_URL: z.string().url().optional(),
  DRAW_SD_AUTH: z.string().optional(),
  /** The 意间AI open API: base URL, apikey and the secret its md5 signature uses. */
  DRAW_YJ_URL: z.string().url().optional(),
  DRAW_YJ_KEY: z.string().optional(),
  DRAW_YJ_SECRET: z.string().optional(),
  /** Background job poll interval (documents processing); 0 runs jobs only when driven (tests). */
  JOBS_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
});

const SMS_SCENES = ['LOGIN', 'REGISTER', 'FIND_PASSWORD', 'BIND_MOBILE', 'CHANGE_MOBILE'] as const;

/**
 * A real SMS provider needs its keys, a sign name and a template for every
 * scene (SMS_TEMPLATE, or each SMS_TEMPLATE_<SCENE>): a half-configured one
 * would accept the start and fail the first user who asks for a code.
 */
function smsIssues(source: Record<string, string | undefined>): string[] {
  const provider = source.SMS_PROVIDER;
  if (provider !== 'aliyun' && provider !== 'tencent') return [];
  const required = ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', ...(provider === 'tencent' ? ['SMS_SDK_APP_ID'] : [])];
  const issues = required.filter((key) => !source[key]).map((key) => `  ${key}: required when SMS_PROVIDER=${provider}`);
  if (!source.SMS_TEMPLATE) {
    for (const scene of SMS_SCENES) {
      if (!source[`SMS_TEMPLATE_${scene}`]) issues.push(`  SMS_TEMPLATE_${scene}: required when SMS_PROVIDER=${provider} and SMS_TEMPLATE is not set`);
    }
  }
  return issues;
}

type ParsedEnv = z.infer<typeof envSchema>;
export type Env = Omit<ParsedEnv, 'LOG_LEVEL'> & { LOG_LEVEL: NonNullable<ParsedEnv['LOG_LEVEL']>; dataDir: string };

function s3ConfigProblem(env: ParsedEnv): string | null {
  if (env.S3_BUCKET) {
    return env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? null : 'S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY';
  }
  const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const).filter((key) => env[key] !== undefined);
  return stray.length > 0 ? `${stray.join(', ')} set without S3_BUCKET (files would silently stay in DATA_DIR)` : null;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const lines = [...(parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)), ...smsIssues(cleaned)];
  if (!parsed.success || lines.length > 0) {
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if ((parsed.data.ADMIN_EMAIL === undefined) !== (parsed.data.ADMIN_PASSWORD === undefined)) {
    throw new Error('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const s3Problem = s3ConfigProblem(parsed.data);
  if (s3Problem) throw new Error(`Invalid configuration:\n  ${s3Problem}`);
  const logLevel = parsed.data.LOG_LEVEL ?? (parsed.data.NODE_ENV === 'production' ? 'warn' : 'info');
  return { ...parsed.data, LOG_LEVEL: logLevel, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
