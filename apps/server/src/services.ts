import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './platform/context.js';
import { SessionService } from './modules/session/session.service.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { UserInfoService } from './modules/user/user-info.service.js';
import { LedgerService } from './modules/ledger/ledger.service.js';
import { AccountService } from './modules/user/account.service.js';
import { RetrievalService } from './modules/retrieval/retrieval.service.js';
import { OauthSettingsService } from './modules/oauth/oauth.settings.js';
import { PaperService } from './modules/paper/paper.service.js';
import { ModelsService } from './modules/models/models.service.js';
import { JobRunner } from './platform/jobs/job-runner.js';
import { Promotion } from './modules/promotion/promotion.js';
import type { TasksService } from './modules/tasks/tasks.service.js';
import { gatewaysFromEnv, type PaymentGateways } from './modules/commerce/gateways/registry.js';
import { SiteService } from './modules/site/site.service.js';
import { OutboxService } from './modules/outbox/outbox.service.js';
import { SmsSettingsService } from './modules/sms-settings/sms-settings.service.js';
import { VerificationService } from './modules/verification/verification.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { UserService } from './modules/user/user.service.js';
import { UserSecurityService } from './modules/user/user-security.service.js';
import { OauthService } from './modules/oauth/oauth.service.js';
import { ShareService } from './modules/share/share.service.js';
import { UploadService } from './modules/upload/upload.service.js';
import { AdminService } from './modules/admin/admin.service.js';
import { PackagesService } from './modules/commerce/packages.service.js';
import { OrdersService } from './modules/commerce/orders.service.js';
import { RedeemService } from './modules/commerce/redeem.service.js';
import { RefundService } from './modules/commerce/refund.service.js';
import { Granter } from './modules/commerce/grant.js';
import { MembershipService } from './modules/admin/membership.service.js';
import { FavoritesService } from './modules/favorites/favorites.service.js';
import { TemplatesService } from './modules/templates/templates.service.js';
import { ChatService } from './modules/chat/chat.service.js';
import { AnswerRunner } from './platform/stream/answer-runner.js';
import { AnswerGate } from './platform/stream/answer-gate.js';
import { DocService } from './modules/doc/doc.service.js';
import { DocChat } from './modules/doc/doc-chat.js';
import { DocInterpreter } from './modules/doc/doc-interpret.js';
import { PaperAiService } from './modules/paper/paper-ai.service.js';
import { resolvePaperModel } from './modules/paper/paper.ai.js';
import { DrawChannels } from './modules/draw/draw-channels.js';
import { DrawSettingsStore } from './modules/draw/draw-settings.js';
import { DrawOutcome } from './modules/draw/draw-outcome.js';
import { DrawService } from './modules/draw/draw.service.js';
import { DrawAdminService } from './modules/draw/draw-admin.service.js';
import { DrawSuggest } from './modules/draw/draw-suggest.js';
import { DrawJobRunner } from './modules/draw/draw-run.js';
import { createDrawProvider } from './providers/draw/select.js';
import { SquareService } from './modules/draw/square/square.service.js';
import { MindmapService } from './modules/mindmap/mindmap.service.js';
import { MindmapCreator } from './modules/mindmap/mindmap-create.js';
import { PaperWriteService } from './modules/paper-write/paper-write.service.js';
import { PaperWriteStreams } from './modules/paper-write/paper-write-stream.js';
import { DrawKinds } from './modules/draw/draw-kinds.js';
import { qrRenderer } from './modules/qrcode/render/index.js';
import { qrDecoder } from './modules/qrcode/decode/index.js';
import { QrAiSettingsStore } from './modules/qrcode/qrcode-settings.js';
import { QrAiService } from './modules/qrcode/qrcode-ai.js';
import { QrAllowance } from './modules/qrcode/qrcode-allowance.js';
import { QrService } from './modules/qrcode/qrcode.service.js';
import { QrAdminService } from './modules/qrcode/qrcode-admin.service.js';
import { QrRepository } from './modules/qrcode/qrcode.repository.js';

/**
 * The long-lived services that hold caches: one instance each per process,
 * shared by the features (`app.services`).
 */
export interface Services {
  sessions: SessionService;
  settings: SettingsService;
  userInfo: UserInfoService;
  ledger: LedgerService;
  accounts: AccountService;
  /** Passages for the offline channel and cited answers; feature lifecycles register sources. */
  retrieval: RetrievalService;
  /** Google and WeChat sign-in settings (env, else admin settings with sealed secrets). */
  oauth: OauthSettingsService;
  /** Which third-party sign-in providers are configured (env or admin settings). */
  oauthStatus(): Promise<{ google: boolean; wechat: boolean }>;
  /** Paper search over the active source, with the local corpus's in-memory index. */
  papers: PaperService;
  /** AI model channels and the model catalogue: which model answers and what it costs. */
  models: ModelsService;
  /** Background jobs in the database (document processing; reusable by other features). */
  jobs: JobRunner;
  /** Daily tasks: other modules report activity through `tasks.record`. */
  tasks: TasksService;
  /** Invitation rewards, distribution and withdrawals. */
  promotion: Promotion;
  /** Payment gateways configured by the environment: orders use them, `/pc/config` lists them. */
  payments: PaymentGateways;
  /** The admin's SMS provider settings over the environment's (ctx.sms follows them). */
  sms: SmsSettingsService;
}

export function createServices(ctx: AppContext): Services {
  const settings = new SettingsService(ctx);
  const ledger = new LedgerService(ctx);
  const oauth = new OauthSettingsService(ctx, settings);
  const promotion = new Promotion(ctx, settings, ledger);
  const models = new ModelsService(ctx, settings);
  const papers = new PaperService(ctx, settings);
  const sms = new SmsSettingsService(ctx, settings, ctx.sms);
  // Every SMS (verification codes through the outbox) goes through the provider the settings name now.
  ctx.sms = sms.provider;
  papers.modelResolver = () => resolvePaperModel({ models });
  return {
    sessions: new SessionService(ctx),
    settings,
    userInfo: new UserInfoService(ctx),
    ledger,
    accounts: new AccountService(ctx, settings, ledger),
    retrieval: new RetrievalService(),
    oauth,
    oauthStatus: () => oauth.status(),
    papers,
    models,
    jobs: new JobRunner(ctx.db, ctx.dbKind, ctx.now, { pollMs: ctx.env.JOBS_POLL_MS, log: ctx.log }),
    tasks: promotion.tasks,
    promotion,
    payments: gatewaysFromEnv(ctx.env, ctx.appSecret, ctx.now),
    sms,
  };
}

/** The services each feature's routes call, built once per app on the shared ones. */
export interface Features {
  site: SiteService;
  verification: VerificationService;
  auth: AuthService;
  users: UserService;
  security: UserSecurityService;
  oauthFlow: OauthService;
  share: ShareService;
  uploads: UploadService;
  admin: AdminService;
  packages: PackagesService;
  orders: OrdersService;
  redeem: RedeemService;
  refunds: RefundService;
  favorites: FavoritesService;
  /** Answers being generated (chat, templates): started and stopped by the chat lifecycle. */
  runner: AnswerRunner;
  chat: ChatService;
  templates: TemplatesService;
  docs: DocService;
  docChat: DocChat;
  docInterpreter: DocInterpreter;
  paperAi: PaperAiService;
  /** Drawing: channels, the user's jobs, admin, suggestions, and the queue lane its jobs run on. */
  drawChannels: DrawChannels;
  draw: DrawService;
  drawAdmin: DrawAdminService;
  drawSuggest: DrawSuggest;
  drawLane: JobRunner;
  drawRunner: DrawJobRunner;
  drawOutcome: DrawOutcome;
  drawSettings: DrawSettingsStore;
  /** The image square: published pictures, reports and their review. */
  square: SquareService;
  /** Mind maps: the user's maps, and making them from each source (model maps through the answer gate and runner). */
  mindmaps: MindmapService;
  mindmapCreator: MindmapCreator;
  /** Paper writing: projects, bibliography, outline and edits; the model streams (outline, draft, polish) through the answer gate and runner. */
  paperWrite: PaperWriteService;
  paperWriteStreams: PaperWriteStreams;
  /** The plans of kinds of drawing other than a plain one (AI art QR codes), registered at start-up. */
  drawKinds: DrawKinds;
  /** QR codes: styled codes, the decode path, records; AI art codes on the drawing queue; admin templates and settings. */
  qr: QrService;
  qrAi: QrAiService;
  qrAdmin: QrAdminService;
}

/**
 * The composition root of the features: each constructor receives exactly the
 * services it uses, so the dependency graph reads from this function.
 */
export function createFeatures(ctx: AppContext, s: Services, log: FastifyBaseLogger): Features {
  const { sessions, settings, userInfo, ledger, accounts, oauth, papers, models, jobs, tasks, promotion, payments } = s;
  tasks.log = (line) => log.warn(line);
  const outbox = new OutboxService(ctx, log);
  const memberships = new MembershipService(ctx);
  const granter = new Granter(ledger, memberships);
  const verification = new VerificationService(ctx, { settings }, outbox);
  const runner = new AnswerRunner(ctx, s.ledger, log, s.tasks);
  const gate = new AnswerGate(ctx, s.settings, s.userInfo, s.retrieval);
  const docs = new DocService(ctx, { papers, userInfo, jobs, models });
  const drawChannels = new DrawChannels(ctx, settings, createDrawProvider);
  const drawSettings = new DrawSettingsStore(settings);
  drawSettings.follow(ctx.bus);
  // Drawing waits on the network, not the CPU: its own lane, fair between users, each channel held to its slots.
  const drawLane = jobs.lane({ concurrency: 32, fair: true, fairRunningLimit: () => drawSettings.latest().per_user_running, slotLimits: () => drawChannels.slotLimits() });
  const drawOutcome = new DrawOutcome(ctx, ledger, drawLane);
  const drawKinds = new DrawKinds();
  const draw = new DrawService(ctx, { settings, ledger, models }, drawChannels, drawSettings, drawLane, drawOutcome);
  const qrAiSettings = new QrAiSettingsStore(settings);
  const qrAi = new QrAiService(ctx, { settings, channels: drawChannels, draw, aiSettings: qrAiSettings }, qrRenderer, qrDecoder);
  const qrAllowance = new QrAllowance(ctx, { settings, userInfo }, new QrRepository());
  const paperWrite = new PaperWriteService(ctx, { settings, papers, docs, userInfo, models });
  return {
    site: new SiteService(ctx, { payments, models, settings, oauthStatus: s.oauthStatus }, () => drawChannels.list()),
    verification,
    auth: new AuthService(ctx, { sessions, settings, accounts, promotion, userInfo }, verification, log),
    users: new UserService(ctx, { userInfo }),
    security: new UserSecurityService(ctx, { userInfo, sessions }, verification),
    oauthFlow: new OauthService(ctx, { sessions, oauth, userInfo, accounts }),
    share: new ShareService(ctx, { promotion, tasks, userInfo }),
    uploads: new UploadService(ctx, { settings }),
    admin: new AdminService(ctx, { ledger, userInfo, sessions, settings }, outbox, memberships),
    packages: new PackagesService(ctx, { settings }),
    orders: new OrdersService(ctx, { settings, promotion, userInfo }, payments, granter),
    redeem: new RedeemService(ctx, { userInfo }, granter),
    refunds: new RefundService(ctx, { ledger, promotion, userInfo }, memberships),
    favorites: new FavoritesService(ctx),
    runner,
    chat: new ChatService(ctx, s.models, gate, runner),
    templates: new TemplatesService(ctx, s.settings, s.models, gate, runner),
    docs,
    docChat: new DocChat(ctx, docs, s.models, log),
    docInterpreter: new DocInterpreter(ctx, docs, s.models, log),
    paperAi: new PaperAiService(papers),
    drawChannels,
    draw,
    drawAdmin: new DrawAdminService(ctx, drawChannels, drawSettings, drawOutcome),
    drawSuggest: new DrawSuggest({ models }, drawSettings, ctx.log),
    drawLane,
    drawRunner: new DrawJobRunner(ctx, drawChannels, drawOutcome, drawKinds),
    drawOutcome,
    drawSettings,
    square: new SquareService(ctx, { settings, drawSettings }),
    mindmaps: new MindmapService(ctx, { settings, models, userInfo }, gate),
    mindmapCreator: new MindmapCreator(ctx, { settings, models, docs, papers }, gate, runner),
    paperWrite,
    paperWriteStreams: new PaperWriteStreams(ctx, paperWrite, models, gate, runner),
    drawKinds,
    qr: new QrService(ctx, { settings, ledger, userInfo }, { service: draw, lane: drawLane, outcome: drawOutcome }, qrAi, qrAllowance, qrRenderer, qrDecoder),
    qrAi,
    qrAdmin: new QrAdminService(ctx, qrAiSettings, settings, qrRenderer),
  };
}
