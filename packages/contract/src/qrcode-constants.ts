/**
 * QR-code constants apart from the zod schemas of qrcode.ts, so the QR page
 * can import them without pulling zod into its first-screen bundle.
 */

/** custom-code-type: what the code holds; each has its own small form (`data` fields). */
export const QR_CONTENT_TYPES = ['url', 'text', 'wifi', 'vcard', 'email', 'phone', 'sms'] as const;
/** pixel-style-type: how each dark module is drawn (qrbtf's classic styles are the reference). */
export const QR_PIXEL_STYLES = ['square', 'rounded', 'dots', 'random_dots', 'h_lines', 'v_lines', 'blocks_3d', 'image_fill'] as const;
/** How the three finder patterns ("eyes") are drawn. */
export const QR_EYE_STYLES = ['square', 'rounded', 'circle', 'leaf'] as const;
/** Error-correction levels: about 7, 15, 25 and 30 percent of the code can be restored. */
export const QR_EC_LEVELS = ['L', 'M', 'Q', 'H'] as const;
/** The share of codewords each level restores (what a centred logo may cover, with a safety margin applied by the server). */
export const QR_EC_RESTORE: Record<(typeof QR_EC_LEVELS)[number], number> = { L: 0.07, M: 0.15, Q: 0.25, H: 0.3 };
export const QR_GRADIENTS = ['none', 'linear', 'radial'] as const;
export const QR_GENERATION_MODES = ['styled', 'ai'] as const;
export const QR_STATUSES = ['queued', 'running', 'success', 'failed', 'cancelled'] as const;
export const QR_TEMPLATE_KINDS = ['style', 'prompt'] as const;
/** ControlNet recipes of AI art codes: one QR model (qrcode-monster), or brightness + tile. */
export const QR_AI_RECIPES = ['monster', 'brightness_tile'] as const;
/** ControlNet control modes as the A1111 extension names them. */
export const QR_CONTROL_MODES = ['Balanced', 'My prompt is more important', 'ControlNet is more important'] as const;

/** custom-picture-size of styled codes, in pixels (square). */
export const QR_SIZE_MIN = 128;
export const QR_SIZE_MAX = 2048;
export const QR_SIZE_DEFAULT = 512;
/** Quiet zone in modules (the standard asks for 4; scanners read 2 reliably, and every code is verified). */
export const QR_MARGIN_MAX = 8;
export const QR_MARGIN_DEFAULT = 2;
/** Logo width as a share of the code's width (without the margin). */
export const QR_LOGO_SCALE_MIN = 0.1;
export const QR_LOGO_SCALE_MAX = 0.35;
export const QR_LOGO_SCALE_DEFAULT = 0.2;
/** Foreground against background, as the WCAG contrast ratio (1–21); below this a code is refused before it is made. */
export const QR_MIN_CONTRAST = 3;
/** A version 40-L code holds 2,953 bytes; the schema stops longer text before the capacity check names a fit. */
export const QR_TEXT_MAX = 3000;
/** Sizes (px) every code is verified at besides its own. */
export const QR_VERIFY_SIZES = [256, 128] as const;
/** Attempts of an AI art code, each with a stronger ControlNet weight, before it fails. */
export const QR_AI_MAX_ATTEMPTS_LIMIT = 5;
/** How often the page asks for a running AI code's state. */
export const QR_POLL_MS = 700;
/** `POST /qrcode/decode` is multipart (field `file`). */
export const QR_DECODE_PATH = '/qrcode/decode';
/** Uploads the decode path reads (a photo of a code). */
export const QR_DECODE_MAX_BYTES = 10 * 1024 * 1024;
