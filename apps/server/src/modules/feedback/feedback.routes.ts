import type { FastifyInstance } from 'fastify';
import { api } from '@xueba/contract';
import { defineRoute } from '../../platform/http/route.js';
import type { FeedbackService } from './feedback.service.js';

/** Feedback (`/user/opinion`) and Admin → Feedback. */
export async function feedbackRoutes(app: FastifyInstance, feedback: FeedbackService): Promise<void> {
  defineRoute(app, api.feedbackSubmit, { msg: 'feedback_submitted', handler: ({ requireUser, body }) => feedback.submit(requireUser().id, body) });
  defineRoute(app, api.feedbackList, { handler: ({ requireUser, query }) => feedback.list(requireUser().id, query) });
  defineRoute(app, api.feedbackDetail, { handler: ({ requireUser, query }) => feedback.detail(requireUser().id, query.id) });
  defineRoute(app, api.feedbackReply, { handler: ({ requireUser, body }) => feedback.reply(requireUser().id, body.id, body.content) });
  defineRoute(app, api.adminFeedbackList, { handler: ({ query }) => feedback.adminList(query) });
  defineRoute(app, api.adminFeedbackDetail, { handler: ({ query }) => feedback.adminDetail(query.id) });
  defineRoute(app, api.adminFeedbackReply, { handler: ({ requireUser, body }) => feedback.adminReply(requireUser().id, body.id, body.content) });
  defineRoute(app, api.adminFeedbackClose, { msg: 'feedback_closed_done', handler: async ({ body }) => feedback.adminClose(body.id).then(() => null) });
}
