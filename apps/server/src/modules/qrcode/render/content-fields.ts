/** Field syntax shared by the payload formats (backslash escapes, `KEY:value;` lists). */

/** Splits on `sep` where it is not escaped by a backslash; escapes are kept for the caller to undo. */
export function splitEscaped(value: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i += 1) {
    const ch = value[i];
    if (ch === '\\' && i + 1 < value.length) {
      current += ch + value[i + 1];
      i += 1;
    } else if (ch === sep) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}

export const unescapeBackslash = (value: string): string => value.replace(/\\(.)/g, '$1');

/** An escaped field's value: the unescaped quotes some generators put around an SSID or password dropped, then escapes undone. */
export const unquote = (raw: string): string => unescapeBackslash(raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') && !raw.endsWith('\\"') ? raw.slice(1, -1) : raw);

/** `KEY:value;KEY:value;;` fields (Wi-Fi, MATMSG, MECARD), keys upper-cased, first occurrence wins. */
export function keyedFields(body: string, unescape = true): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of splitEscaped(body, ';')) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    const key = part.slice(0, colon).trim().toUpperCase();
    const value = part.slice(colon + 1);
    if (!fields.has(key)) fields.set(key, unescape ? unescapeBackslash(value) : value);
  }
  return fields;
}

/** `{key: value}` when the value is not empty; optional fields are absent rather than empty. */
export function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value !== undefined && value.trim() !== '' ? ({ [key]: value } as Partial<Record<K, string>>) : {};
}

