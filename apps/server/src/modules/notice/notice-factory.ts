import type { AppContext } from '../../platform/context.js';
import { OutboxService } from '../outbox/outbox.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { NoticeService } from './notice.service.js';

/** The notice service mails through its own outbox writer (the features' one logs through Fastify, built later). */
export function createNotices(ctx: AppContext, settings: SettingsService): NoticeService {
  const log = { info: (line: string) => ctx.log.info({}, line), warn: (line: string) => ctx.log.warn({}, line) };
  return new NoticeService(ctx, { siteName: async () => (await settings.site()).website.name }, new OutboxService(ctx, log));
}
