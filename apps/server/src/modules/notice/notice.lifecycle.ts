import type { FastifyInstance } from 'fastify';
import type { NoticeService } from './notice.service.js';

/** Notice mail waiting on a timer is left to the next sweep when the app closes. */
export function noticeLifecycle(app: FastifyInstance, notices: NoticeService): void {
  app.addHook('onClose', () => notices.stop());
}
