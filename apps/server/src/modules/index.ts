import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import type { Features, Services } from '../services.js';
import { siteRoutes } from './site/site.routes.js';
import { verificationRoutes } from './verification/verification.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { userRoutes } from './user/user.routes.js';
import { oauthRoutes } from './oauth/oauth.routes.js';
import { shareRoutes } from './share/share.routes.js';
import { uploadRoutes } from './upload/upload.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { paperRoutes } from './paper/paper.routes.js';
import { papersLifecycle } from './paper/paper.lifecycle.js';
import { HelpSource } from './retrieval/help-source.js';
import { modelsRoutes } from './models/models.routes.js';
import { chatRoutes } from './chat/chat.routes.js';
import { answersLifecycle } from './chat/chat.lifecycle.js';
import { favoritesRoutes } from './favorites/favorites.routes.js';
import { templatesRoutes } from './templates/templates.routes.js';
import { commerceRoutes } from './commerce/commerce.routes.js';
import { docRoutes } from './doc/doc.routes.js';
import { documentsLifecycle } from './doc/doc.lifecycle.js';
import { tasksRoutes } from './tasks/tasks.routes.js';
import { promotionRoutes } from './promotion/promotion.routes.js';
import { smsSettingsRoutes } from './sms-settings/sms-settings.routes.js';
import { drawRoutes } from './draw/draw.routes.js';
import { drawingLifecycle } from './draw/draw.lifecycle.js';
import { squareRoutes } from './draw/square/square.routes.js';
import { mindmapRoutes } from './mindmap/mindmap.routes.js';
import { mindmapLifecycle } from './mindmap/mindmap.lifecycle.js';
import { qrcodeRoutes } from './qrcode/qrcode.routes.js';
import { qrcodeLifecycle } from './qrcode/qrcode.lifecycle.js';
import { feedbackRoutes } from './feedback/feedback.routes.js';
import { supportRoutes } from './support/support.routes.js';
import { noticeLifecycle } from './notice/notice.lifecycle.js';
import { noticeRoutes } from './notice/notice.routes.js';
import { staffRoutes } from './staff/staff.routes.js';
import { webviewRoutes } from './webview/webview.routes.js';
import { paperWriteRoutes } from './paper-write/paper-write.routes.js';
import { paperWriteLifecycle } from './paper-write/paper-write.lifecycle.js';
import { skillRoutes } from './skill/skill.routes.js';
import { contentRoutes } from './content/content.routes.js';
import { ContentHelpFeed } from './content/help-feed.js';
import { plagiarismRoutes } from './plagiarism/plagiarism.routes.js';
import { plagiarismLifecycle } from './plagiarism/plagiarism.lifecycle.js';

/**
 * The start-up wiring of every feature, in one place and before any route:
 * retrieval sources, background runners and their stop on close, seeds, and
 * the sweeps of what a dead run left behind. Periodic upkeep (pruning,
 * settling commissions) is not here: it runs on the maintenance scheduler
 * (`maintenance-tasks.ts`). The order of retrieval sources is the order their
 * passages are offered in.
 */
export async function startFeatures(app: FastifyInstance, ctx: AppContext, s: Services, f: Features): Promise<void> {
  papersLifecycle(app, ctx, s.papers, s.retrieval);
  s.retrieval.register(new HelpSource(s.settings, new ContentHelpFeed(ctx)));
  await answersLifecycle(app, f.runner);
  await f.templates.seed();
  await documentsLifecycle(app, ctx, f.docs, s.jobs, s.retrieval, s.settings, s.notices);
  await f.skills.seed();
  await qrcodeLifecycle(f.drawKinds, f.qrAi, f.qrAdmin);
  await drawingLifecycle(app, ctx, f.drawLane, f.drawRunner, f.drawChannels, f.drawSettings, f.drawOutcome);
  await mindmapLifecycle(ctx, f.mindmaps);
  noticeLifecycle(app, s.notices);
  await paperWriteLifecycle(ctx, f.paperWrite);
  plagiarismLifecycle(app, f.plagiarism.lane, f.plagiarism.runner, f.plagiarism.corpus);
}

/** Every feature's routes, registered under the API prefix. Routes only route: each gets the services it calls. */
export async function registerModules(api: FastifyInstance, ctx: AppContext, s: Services, f: Features): Promise<void> {
  await startFeatures(api, ctx, s, f);
  await siteRoutes(api, f.site);
  await verificationRoutes(api, f.verification);
  await authRoutes(api, f.auth);
  await userRoutes(api, f.users, f.security);
  await oauthRoutes(api, ctx, f.oauthFlow, s.oauth);
  await shareRoutes(api, ctx, f.share);
  await uploadRoutes(api, ctx, f.uploads);
  await adminRoutes(api, f.admin);
  await paperRoutes(api, ctx, s.papers, f.paperAi);
  await modelsRoutes(api, s.models, f.runner);
  await chatRoutes(api, f.chat, f.runner);
  await favoritesRoutes(api, f.favorites);
  await templatesRoutes(api, f.templates, f.runner);
  await commerceRoutes(api, ctx, { packages: f.packages, orders: f.orders, redeem: f.redeem, refunds: f.refunds, gateways: s.payments });
  await docRoutes(api, { docs: f.docs, chat: f.docChat, interpreter: f.docInterpreter });
  await tasksRoutes(api, s.tasks);
  await promotionRoutes(api, ctx, s.promotion, s.settings);
  await smsSettingsRoutes(api, s.sms);
  await drawRoutes(api, { draw: f.draw, admin: f.drawAdmin, suggest: f.drawSuggest });
  await squareRoutes(api, ctx, f.square);
  await mindmapRoutes(api, ctx, { maps: f.mindmaps, creator: f.mindmapCreator, settings: s.settings });
  await qrcodeRoutes(api, ctx, { qr: f.qr, ai: f.qrAi, admin: f.qrAdmin });
  await feedbackRoutes(api, f.feedback);
  await supportRoutes(api, { support: f.support, admin: f.supportAdmin, live: f.supportLive });
  await noticeRoutes(api, s.notices);
  await staffRoutes(api, s.staff);
  await webviewRoutes(api, s.webviews);
  await paperWriteRoutes(api, { projects: f.paperWrite, streams: f.paperWriteStreams });
  await skillRoutes(api, f.skills);
  await contentRoutes(api, { content: f.content, admin: f.contentAdmin });
  await plagiarismRoutes(api, ctx, { checks: f.plagiarism.checks, settings: s.settings });
}
