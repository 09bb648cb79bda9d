import type { QrRenderer } from '../qr-engine.js';
import { checkStyled } from './checks.js';
import { encodeContent } from './content-encode.js';
import { parseContent } from './content-parse.js';
import { buildMatrix } from './matrix.js';
import { controlImage, renderStyled } from './raster.js';

/**
 * The styled half of the QR engine: content payloads, the module matrix,
 * the refusals before making, the SVG/PNG and the ControlNet control image.
 */
export const qrRenderer: QrRenderer = { encodeContent, parseContent, buildMatrix, checkStyled, renderStyled, controlImage };

export { buildMatrix, checkStyled, controlImage, encodeContent, parseContent, renderStyled };
export { maxLogoPercent, worstContrast } from './checks.js';
export { QR_MAX_BYTES } from './matrix.js';
