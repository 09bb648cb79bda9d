import { MESSAGES, isMessageKey, type Locale, type MessageKey, type NoticeKind } from '@xueba/contract';

/** The title and body of one notice in one language: the kind's templates filled with its params. */
export function noticeText(kind: NoticeKind, params: Record<string, string | number>, locale: Locale): { title: string; body: string } {
  return { title: fill(templateKey('notice_title_', kind), locale, params), body: fill(templateKey('notice_body_', kind), locale, params) };
}

function templateKey(prefix: string, kind: NoticeKind): MessageKey {
  const key = `${prefix}${kind}`;
  // Every kind has both templates (notice-text.test.ts walks NOTICE_KINDS); a missing one is a programming error.
  if (!isMessageKey(key)) throw new Error(`no notice template ${key}`);
  return key;
}

/**
 * A param may come per language (`item:en` beside `item`, for a name the
 * admin wrote in four languages): the reader's language first, then the plain
 * one. A param a sender did not give renders empty, never as a raw `{name}`.
 */
function fill(key: MessageKey, locale: Locale, params: Record<string, string | number>): string {
  const template: string = MESSAGES[key][locale];
  const has = (name: string) => Object.prototype.hasOwnProperty.call(params, name);
  return template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const localized = `${name}:${locale}`;
    if (has(localized) && String(params[localized]) !== '') return String(params[localized]);
    return has(name) ? String(params[name]) : '';
  });
}
