import type { AppContext } from '../../platform/context.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { TasksService } from '../tasks/tasks.service.js';
import { DistributionService } from './distribution.service.js';
import { InvitationsService } from './invitations.service.js';
import { PromotionSettingsStore } from './promotion.settings.js';
import { WithdrawalsService } from './withdrawals.service.js';

/**
 * Daily tasks, invitations, distribution and withdrawals, built once per
 * process (`app.services.promotion`) because other modules call into them:
 * chat and templates report activity, share reports bindings and clicks,
 * order fulfilment creates commissions and unlocks invitation rewards.
 */
export class Promotion {
  readonly settings: PromotionSettingsStore;
  readonly tasks: TasksService;
  readonly invitations: InvitationsService;
  readonly distribution: DistributionService;
  readonly withdrawals: WithdrawalsService;

  constructor(ctx: AppContext, siteSettings: SettingsService, ledger: LedgerService) {
    this.settings = new PromotionSettingsStore(siteSettings);
    this.tasks = new TasksService(ctx, ledger);
    this.invitations = new InvitationsService(ctx, ledger, this.settings);
    this.distribution = new DistributionService(ctx, ledger, this.settings);
    this.withdrawals = new WithdrawalsService(ctx, ledger, this.settings, this.distribution);
    // A finished answer is the invitee's "first real use".
    this.tasks.onActivity(async (userId, event) => {
      if (event === 'chat' || event === 'template') await this.invitations.onUse(userId);
    });
    // The "invite a friend" task counts invitations that turned out real (their reward unlocked), not bare sign-ups.
    this.invitations.onInvited = (inviterId) => this.tasks.record(inviterId, 'invite');
  }
}
