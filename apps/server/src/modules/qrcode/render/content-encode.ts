import type { QrContent } from '@xueba/contract';

/**
 * The text a scanner reads for each content type, in the payload formats
 * phone cameras act on: `WIFI:` (joins the network), vCard 3.0 (adds a
 * contact), `mailto:`, `tel:` and `SMSTO:`. Text is UTF-8 throughout.
 */

/** Wi-Fi fields escape `\ ; , : "` with a backslash (the ZXing Wi-Fi format that cameras follow). */
export const escapeWifi = (value: string): string => value.replace(/([\\;,:"])/g, '\\$1');

/** vCard TEXT values escape backslash, comma and semicolon, and write line breaks as `\n` (RFC 2426 §5). */
export const escapeVcard = (value: string): string =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');

function wifi(data: Extract<QrContent, { type: 'wifi' }>['data']): string {
  const parts = [`T:${data.encryption}`, `S:${escapeWifi(data.ssid)}`];
  if (data.encryption !== 'nopass') parts.push(`P:${escapeWifi(data.password)}`);
  if (data.hidden) parts.push('H:true');
  return `WIFI:${parts.join(';')};;`;
}

function vcard(data: Extract<QrContent, { type: 'vcard' }>['data']): string {
  const name = escapeVcard(data.name);
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${name};;;;`, `FN:${name}`];
  if (data.org) lines.push(`ORG:${escapeVcard(data.org)}`);
  if (data.title) lines.push(`TITLE:${escapeVcard(data.title)}`);
  // Phone, email and URL are not TEXT values: escaping a comma there would change the address.
  if (data.phone) lines.push(`TEL:${data.phone}`);
  if (data.email) lines.push(`EMAIL:${data.email}`);
  if (data.url) lines.push(`URL:${data.url}`);
  // The whole address goes into the street component; splitting it into city and region would be a guess.
  if (data.address) lines.push(`ADR:;;${escapeVcard(data.address)};;;;`);
  if (data.note) lines.push(`NOTE:${escapeVcard(data.note)}`);
  lines.push('END:VCARD');
  return lines.join('\r\n');
}

function email(data: Extract<QrContent, { type: 'email' }>['data']): string {
  const params: string[] = [];
  if (data.subject) params.push(`subject=${encodeURIComponent(data.subject)}`);
  if (data.body) params.push(`body=${encodeURIComponent(data.body)}`);
  return `mailto:${data.to}${params.length > 0 ? `?${params.join('&')}` : ''}`;
}

/** Spaces, brackets and dashes are for people; dialers want the digits (and a leading +). */
export const dialable = (phone: string): string => phone.replace(/[^0-9+]/g, '');

export function encodeContent(content: QrContent): string {
  switch (content.type) {
    case 'url':
      return content.data.url;
    case 'text':
      return content.data.text;
    case 'wifi':
      return wifi(content.data);
    case 'vcard':
      return vcard(content.data);
    case 'email':
      return email(content.data);
    case 'phone':
      return `tel:${dialable(content.data.phone)}`;
    case 'sms':
      // The body follows the second colon as is: readers take everything after it, colons included.
      return `SMSTO:${dialable(content.data.phone)}:${content.data.body ?? ''}`;
  }
}
