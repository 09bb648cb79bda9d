import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { notFound } from '../../platform/errors.js';
import { defineRoute } from '../../platform/http/route.js';
import type { NoticeService } from './notice.service.js';

/** The notice centre. Routes only route. */
export async function noticeRoutes(app: FastifyInstance, notices: NoticeService): Promise<void> {
  defineRoute(app, api.noticeList, {
    handler: async ({ requireUser, query, locale }) => {
      const page = await notices.list(requireUser().id, locale, { page: query.page_no, pageSize: query.page_size, unreadOnly: query.unread === '1' });
      return { lists: page.list, count: page.count, page_no: query.page_no, page_size: query.page_size, unread: page.unread };
    },
  });
  defineRoute(app, api.noticeUnread, { handler: async ({ requireUser, locale }) => ({ unread: await notices.unread(requireUser().id, locale) }) });
  defineRoute(app, api.noticeRead, {
    handler: async ({ requireUser, body, locale }) => {
      const userId = requireUser().id;
      if (!(await notices.markRead(userId, body.id))) throw notFound('notice_not_found');
      return { unread: await notices.unread(userId, locale) };
    },
  });
  defineRoute(app, api.noticeReadAll, {
    msg: 'operation_successful',
    handler: async ({ requireUser }) => {
      await notices.markAllRead(requireUser().id);
      return { unread: 0 };
    },
  });
  defineRoute(app, api.noticePreferences, { handler: ({ requireUser }) => notices.preferences(requireUser().id) });
  defineRoute(app, api.noticePreferencesSave, {
    msg: 'operation_successful',
    handler: ({ requireUser, body, locale }) => notices.savePreferences(requireUser().id, locale, body.email_kinds),
  });
}
