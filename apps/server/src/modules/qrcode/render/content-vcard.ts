import type { QrContent } from '@xueba/contract';
import { keyedFields, optional, splitEscaped } from './content-fields.js';

type VcardData = Extract<QrContent, { type: 'vcard' }>['data'];

/** Undoes vCard TEXT escapes (`\n`, `\,`, `\;`, `\\`). */
const unescapeText = (value: string): string => value.replace(/\\([nN,;\\:])/g, (_, ch: string) => (ch === 'n' || ch === 'N' ? '\n' : ch));

/** vCard 2.1 writes non-ASCII as quoted-printable UTF-8 bytes. */
function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i += 1) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(value.charAt(i), 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Content lines: folded lines joined (RFC 2425 space/tab folding; 2.1's quoted-printable soft breaks). */
function contentLines(text: string): string[] {
  const unfolded = text.replace(/\r\n|\r/g, '\n').replace(/=\n/g, '').replace(/\n[ \t]/g, '');
  return unfolded.split('\n').filter((line) => line.trim() !== '');
}

interface Property {
  name: string;
  value: string;
}

function property(line: string): Property | null {
  const colon = line.indexOf(':');
  if (colon <= 0) return null;
  const [rawName = '', ...params] = line.slice(0, colon).split(';');
  // Apple writes grouped properties ("item1.EMAIL").
  const name = rawName.replace(/^[^.]*\./, '').trim().toUpperCase();
  const quoted = params.some((p) => /^(ENCODING=)?QUOTED-PRINTABLE$/i.test(p.trim()));
  const raw = line.slice(colon + 1);
  return { name, value: quoted ? decodeQuotedPrintable(raw) : raw };
}

/** A vCard of version 2.1, 3.0 or 4.0 as the contact form's fields. */
export function parseVcard(text: string): QrContent {
  const first = new Map<string, string>();
  for (const line of contentLines(text)) {
    const prop = property(line);
    if (prop && !first.has(prop.name)) first.set(prop.name, prop.value);
  }
  const text1 = (name: string) => {
    const value = first.get(name);
    return value === undefined ? undefined : unescapeText(value).trim();
  };
  const components = (name: string) => splitEscaped(first.get(name) ?? '', ';').map((part) => unescapeText(part).trim());

  const [family = '', given = ''] = components('N');
  // Without FN, join the N parts the way the name is written: no space between CJK family and given names.
  const cjk = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(family + given);
  const name = text1('FN') || (cjk ? `${family}${given}` : [given, family].filter(Boolean).join(' '));
  const address = components('ADR').filter(Boolean).join(', ');
  const org = components('ORG').filter(Boolean).join(' ');
  // vCard 4.0 writes phones as URIs ("tel:+1...").
  const phone = text1('TEL')?.replace(/^tel:/i, '');
  const email = text1('EMAIL')?.replace(/^mailto:/i, '');
  const data: VcardData = {
    name,
    ...optional('org', org),
    ...optional('title', text1('TITLE')),
    ...optional('phone', phone),
    ...optional('email', email),
    ...optional('url', first.get('URL')?.trim()),
    ...optional('address', address),
    ...optional('note', text1('NOTE')),
  };
  return { type: 'vcard', data };
}

/** MECARD (DoCoMo's contact format, still written by some generators). */
export function parseMecard(body: string): QrContent {
  const f = keyedFields(body);
  const rawName = f.get('N') ?? '';
  // "Family,Given" in MECARD.
  const [family = '', given = ''] = rawName.split(',');
  const name = given ? (/[\u3040-\u9fff\uac00-\ud7af]/.test(family) ? `${family}${given}` : `${given} ${family}`) : family;
  return {
    type: 'vcard',
    data: {
      name: name.trim(),
      ...optional('org', f.get('ORG')),
      ...optional('phone', f.get('TEL')),
      ...optional('email', f.get('EMAIL')),
      ...optional('url', f.get('URL')),
      ...optional('address', f.get('ADR')),
      ...optional('note', f.get('NOTE')),
    },
  };
}
