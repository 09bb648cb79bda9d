export * from './locales.js';
export * from './limits.js';
export * from './safe-path.js';
export * from './envelope.js';
export * from './messages.js';
export * from './common.js';
export * from './endpoint.js';
export * from './site.js';
export * from './auth.js';
export * from './membership-constants.js';
export * from './draw-constants.js';
export * from './notice-constants.js';
export * from './user.js';
export * from './share.js';
export * from './admin.js';
export * from './admin-oauth.js';
export * from './paper-constants.js';
export * from './paper.js';
export * from './models.js';
export * from './chat.js';
export * from './templates.js';
export * from './commerce.js';
export * from './doc.js';
export * from './tasks.js';
export * from './promotion.js';
export * from './draw.js';
export * from './draw-square.js';
export * from './admin-draw.js';
export * from './qrcode.js';
export * from './admin-qrcode.js';
export * from './content.js';
export * from './content-constants.js';
export * from './mindmap-tree.js';
export * from './mindmap.js';
export * from './mindmap-config.js';
export * from './paper-write.js';
export * from './paper-write-endpoints.js';
export * from './plagiarism.js';
export * from './admin-sms.js';
export * from './skill.js';
export * from './skill-constants.js';
export * from './schema-walk.js';
export * from './feedback.js';
export * from './support.js';
export * from './notice.js';
export * from './staff.js';
export * from './webview.js';

import { siteEndpoints } from './site.js';
import { authEndpoints } from './auth.js';
import { userEndpoints } from './user.js';
import { shareEndpoints } from './share.js';
import { adminEndpoints } from './admin.js';
import { adminOauthEndpoints } from './admin-oauth.js';
import { paperEndpoints } from './paper.js';
import { modelsEndpoints } from './models.js';
import { chatEndpoints } from './chat.js';
import { templatesEndpoints } from './templates.js';
import { commerceEndpoints } from './commerce.js';
import { docEndpoints } from './doc.js';
import { tasksEndpoints } from './tasks.js';
import { promotionEndpoints } from './promotion.js';
import { drawEndpoints } from './draw.js';
import { drawSquareEndpoints } from './draw-square.js';
import { adminDrawEndpoints } from './admin-draw.js';
import { adminSmsEndpoints } from './admin-sms.js';
import { qrcodeEndpoints } from './qrcode.js';
import { adminQrcodeEndpoints } from './admin-qrcode.js';
import { contentEndpoints } from './content.js';
import { mindmapEndpoints } from './mindmap.js';
import { feedbackEndpoints } from './feedback.js';
import { supportEndpoints } from './support.js';
import { noticeEndpoints } from './notice.js';
import { staffEndpoints } from './staff.js';
import { webviewEndpoints } from './webview.js';
import { paperWriteEndpoints } from './paper-write-endpoints.js';
import { skillEndpoints } from './skill.js';
import { plagiarismEndpoints } from './plagiarism.js';

/** Every JSON endpoint, by name. Routes, OpenAPI and the web request layer all read this. */
export const api = {
  ...siteEndpoints,
  ...authEndpoints,
  ...userEndpoints,
  ...shareEndpoints,
  ...adminEndpoints,
  ...adminOauthEndpoints,
  ...paperEndpoints,
  ...modelsEndpoints,
  ...chatEndpoints,
  ...templatesEndpoints,
  ...commerceEndpoints,
  ...docEndpoints,
  ...tasksEndpoints,
  ...promotionEndpoints,
  ...drawEndpoints,
  ...drawSquareEndpoints,
  ...adminDrawEndpoints,
  ...adminSmsEndpoints,
  ...qrcodeEndpoints,
  ...adminQrcodeEndpoints,
  ...feedbackEndpoints,
  ...supportEndpoints,
  ...contentEndpoints,
  ...mindmapEndpoints,
  ...noticeEndpoints,
  ...staffEndpoints,
  ...webviewEndpoints,
  ...paperWriteEndpoints,
  ...skillEndpoints,
  ...plagiarismEndpoints,
};
