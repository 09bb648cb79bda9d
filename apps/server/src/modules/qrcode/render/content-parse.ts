import { qrContentSchema, type QrContent } from '@xueba/contract';
import { keyedFields, optional, unquote } from './content-fields.js';
import { parseMecard, parseVcard } from './content-vcard.js';

/**
 * Decoded text back into a content type's fields, so an uploaded code fills
 * the matching form. Codes in the wild come from many generators, so the
 * common variants are read too: Wi-Fi fields in any order, `sms:` and
 * `smsto:`, `MATMSG:` and `mailto:` email, vCard 2.1/3.0/4.0 and MECARD.
 * Whatever does not parse into valid fields is plain text, so the form never
 * receives something it would refuse.
 */

function parseWifi(body: string): QrContent {
  const f = keyedFields(body, false);
  const password = unquote(f.get('P') ?? '');
  const t = (f.get('T') ?? '').trim().toUpperCase();
  // WPA2, WPA3 and SAE join the same way as WPA from the user's side; an unnamed type with a password is WPA.
  const encryption = t === 'WEP' ? 'WEP' : t === 'NOPASS' || (t === '' && password === '') ? 'nopass' : 'WPA';
  return {
    type: 'wifi',
    data: { ssid: unquote(f.get('S') ?? ''), encryption, password: encryption === 'nopass' ? '' : password, hidden: /^true$/i.test((f.get('H') ?? '').trim()) },
  };
}

/** `a=1&b=2` with percent-decoding; `+` stays a plus (mailto and sms URIs are RFC 6068 / 5724, not forms). */
function queryParams(query: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const key = pair.slice(0, eq).toLowerCase();
    if (!params.has(key)) params.set(key, safeDecode(pair.slice(eq + 1)));
  }
  return params;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function parseMailto(rest: string): QrContent {
  const q = rest.indexOf('?');
  const to = safeDecode(q < 0 ? rest : rest.slice(0, q)).split(',')[0]?.trim() ?? '';
  const params = q < 0 ? new Map<string, string>() : queryParams(rest.slice(q + 1));
  return { type: 'email', data: { to: to || (params.get('to') ?? ''), ...optional('subject', params.get('subject')), ...optional('body', params.get('body')) } };
}

function parseMatmsg(body: string): QrContent {
  const f = keyedFields(body);
  return { type: 'email', data: { to: (f.get('TO') ?? '').trim(), ...optional('subject', f.get('SUB')), ...optional('body', f.get('BODY')) } };
}

function parseSms(rest: string): QrContent {
  // `smsto:NUMBER:BODY` or `sms:NUMBER?body=BODY` (RFC 5724), or `sms:NUMBER:BODY`.
  const q = rest.indexOf('?');
  if (q >= 0) {
    const params = queryParams(rest.slice(q + 1));
    return { type: 'sms', data: { phone: safeDecode(rest.slice(0, q)).trim(), ...optional('body', params.get('body')) } };
  }
  const colon = rest.indexOf(':');
  const phone = colon < 0 ? rest : rest.slice(0, colon);
  return { type: 'sms', data: { phone: phone.trim(), ...optional('body', colon < 0 ? undefined : rest.slice(colon + 1)) } };
}

function recognise(text: string): QrContent | null {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  const after = (prefix: string) => trimmed.slice(prefix.length);
  if (lower.startsWith('wifi:')) return parseWifi(after('wifi:'));
  if (lower.startsWith('begin:vcard')) return parseVcard(trimmed);
  if (lower.startsWith('mecard:')) return parseMecard(after('mecard:'));
  if (lower.startsWith('mailto:')) return parseMailto(after('mailto:'));
  if (lower.startsWith('matmsg:')) return parseMatmsg(after('matmsg:'));
  if (lower.startsWith('tel:')) return { type: 'phone', data: { phone: safeDecode(after('tel:')).trim() } };
  for (const prefix of ['smsto:', 'mmsto:', 'sms:', 'mms:']) if (lower.startsWith(prefix)) return parseSms(after(prefix));
  if (/^https?:\/\/\S+$/i.test(trimmed)) return { type: 'url', data: { url: trimmed } };
  return null;
}

/**
 * The content read back; a recognised type whose fields would not pass the
 * form (a vCard with an odd phone number) keeps its valid fields, and text
 * that no type's form would accept stays text.
 */
export function parseContent(text: string): QrContent {
  const recognised = recognise(text);
  if (recognised) {
    const valid = validOrTrimmed(recognised);
    if (valid) return valid;
  }
  return { type: 'text', data: { text } };
}

function validOrTrimmed(content: QrContent): QrContent | null {
  let candidate: Record<string, unknown> = { ...content.data };
  for (let round = 0; round < 3; round += 1) {
    const parsed = qrContentSchema.safeParse({ type: content.type, data: candidate });
    if (parsed.success) return parsed.data;
    // Drop the optional fields that failed (an unparseable phone on a contact card); required ones end the attempt.
    const bad = new Set(parsed.error.issues.map((issue) => issue.path[1]).filter((key): key is string => typeof key === 'string'));
    const droppable = [...bad].filter((key) => OPTIONAL_FIELDS.has(`${content.type}.${key}`));
    if (droppable.length === 0 || droppable.length < bad.size) return null;
    candidate = Object.fromEntries(Object.entries(candidate).filter(([key]) => !bad.has(key)));
  }
  return null;
}

const OPTIONAL_FIELDS = new Set([
  'vcard.org',
  'vcard.title',
  'vcard.phone',
  'vcard.email',
  'vcard.url',
  'vcard.address',
  'vcard.note',
  'email.subject',
  'email.body',
  'sms.body',
]);
