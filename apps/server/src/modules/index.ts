import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import { siteRoutes } from './site/site.routes.js';
import { verificationRoutes } from './verification/verification.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { userRoutes } from './user/user.routes.js';
import { oauthRoutes } from './oauth/oauth.routes.js';
import { shareRoutes } from './share/share.routes.js';
import { uploadRoutes } from './upload/upload.routes.js';
import { adminRoutes } from './admin/admin.routes.js';
import { paperRoutes } from './paper/paper.routes.js';
import { aiRoutes } from './chat/ai.routes.js';
import { commerceRoutes } from './commerce/commerce.routes.js';
import { docRoutes } from './doc/doc.routes.js';
import { tasksRoutes } from './tasks/tasks.routes.js';
import { promotionRoutes } from './promotion/promotion.routes.js';

/** Every feature's routes, registered under the API prefix. */
export async function registerModules(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await siteRoutes(api, ctx);
  await verificationRoutes(api, ctx);
  await authRoutes(api, ctx);
  await userRoutes(api, ctx);
  await oauthRoutes(api, ctx);
  await shareRoutes(api, ctx);
  await uploadRoutes(api, ctx);
  await adminRoutes(api, ctx);
  await paperRoutes(api, ctx);
  await aiRoutes(api, ctx);
  await commerceRoutes(api, ctx);
  await docRoutes(api, ctx);
  await tasksRoutes(api);
  await promotionRoutes(api, ctx);
}
