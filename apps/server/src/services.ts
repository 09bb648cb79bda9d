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

/**
 * The long-lived services that hold caches: one instance each per process,
 * shared by every module through `app.services`.
 */
export interface Services {
  sessions: SessionService;
  settings: SettingsService;
  userInfo: UserInfoService;
  ledger: LedgerService;
  accounts: AccountService;
  /** Passages for the offline channel and cited answers; feature modules register sources. */
  retrieval: RetrievalService;
  /** Google and WeChat sign-in settings (env, else admin settings with sealed secrets). */
  oauth: OauthSettingsService;
  /** Which third-party sign-in providers are configured (env or admin settings). */
  oauthStatus(): Promise<{ google: boolean; wechat: boolean }>;
  /** Paper search over the active source, with the local corpus's in-memory index (issue 5). */
  papers: PaperService;
  /** AI model channels and the model catalogue: which model answers and what it costs (issue 3). */
  models: ModelsService;
  /** Background jobs in the database (document processing; reusable by other features). */
  jobs: JobRunner;
  /** Daily tasks: other modules report activity through `tasks.record` (issue 6). */
  tasks: TasksService;
  /** Invitation rewards, distribution and withdrawals (issue 6). */
  promotion: Promotion;
  /** Payment gateways configured by the environment (issue 6): orders use them, `/pc/config` lists them. */
  payments: PaymentGateways;
}

export function createServices(ctx: AppContext): Services {
  const settings = new SettingsService(ctx);
  const oauth = new OauthSettingsService(ctx, settings);
  const promotion = new Promotion(ctx, settings);
  return {
    sessions: new SessionService(ctx),
    settings,
    userInfo: new UserInfoService(ctx),
    ledger: new LedgerService(ctx),
    accounts: new AccountService(ctx, settings),
    retrieval: new RetrievalService(),
    oauth,
    oauthStatus: () => oauth.status(),
    papers: new PaperService(ctx, settings),
    models: new ModelsService(ctx, settings),
    jobs: new JobRunner(ctx.db, ctx.dbKind, ctx.now, { pollMs: ctx.env.JOBS_POLL_MS, log: ctx.log }),
    tasks: promotion.tasks,
    promotion,
    payments: gatewaysFromEnv(ctx.env, ctx.appSecret, ctx.now),
  };
}
