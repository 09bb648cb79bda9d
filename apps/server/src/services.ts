import type { AppContext } from './platform/context.js';
import { SessionService } from './modules/session/session.service.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { UserInfoService } from './modules/user/user-info.service.js';
import { LedgerService } from './modules/ledger/ledger.service.js';
import { AccountService } from './modules/user/account.service.js';

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
  /** Which third-party sign-in providers are configured (env or admin settings). */
  oauthStatus(): Promise<{ google: boolean; wechat: boolean }>;
}

export function createServices(ctx: AppContext): Services {
  const settings = new SettingsService(ctx);
  return {
    sessions: new SessionService(ctx),
    settings,
    userInfo: new UserInfoService(ctx),
    ledger: new LedgerService(ctx),
    accounts: new AccountService(ctx, settings),
    oauthStatus: async () => ({
      google: Boolean(ctx.env.GOOGLE_ISSUER && ctx.env.GOOGLE_CLIENT_ID && ctx.env.GOOGLE_CLIENT_SECRET),
      wechat: Boolean(ctx.env.WECHAT_APP_ID && ctx.env.WECHAT_APP_SECRET),
    }),
  };
}
