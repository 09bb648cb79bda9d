import type { DrawKinds } from '../draw/draw-kinds.js';
import { QR_DRAW_KIND, type QrAiService } from './qrcode-ai.js';
import type { QrAdminService } from './qrcode-admin.service.js';

/**
 * QR codes at start-up: AI art codes are drawn by their own plan on the
 * drawing queue (registered before the queue starts, so a code left waiting
 * by a dead process is drawn the same way), and a site without templates
 * gets the default ones.
 */
export async function qrcodeLifecycle(kinds: DrawKinds, ai: QrAiService, admin: QrAdminService): Promise<void> {
  kinds.register(QR_DRAW_KIND, ai);
  await admin.seed();
}
