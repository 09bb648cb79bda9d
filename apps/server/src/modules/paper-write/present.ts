import { formatMessage, isMessageKey, paperWriteCount, type Locale, type PaperWriteItem, type PaperWriteSection } from '@xueba/contract';
import type { FlatSection } from './outline.js';
import type { ProjectRow, ProjectStats, SectionRow } from './paper-write.repository.js';

/** A notice's text in the request locale; the citations notice names the numbers taken out. */
export function noticeMsg(notice: string | null, locale: Locale, invalid: number[] = []): string | null {
  if (!notice || !isMessageKey(notice)) return null;
  return formatMessage(notice, locale, { numbers: invalid.map((n) => `[${n}]`).join(', ') });
}

export function presentSection(flat: FlatSection, row: SectionRow | undefined, locale: Locale): PaperWriteSection {
  const invalid = row?.invalid_citations ?? [];
  return {
    key: flat.key,
    heading: flat.heading,
    level: flat.level,
    number: flat.number,
    status: row?.status ?? 'empty',
    text: row?.text ?? '',
    words: row?.words ?? 0,
    by_model: row?.by_model ?? false,
    invalid_citations: invalid,
    notice: row?.notice ?? null,
    notice_msg: noticeMsg(row?.notice ?? null, locale, invalid),
    revision: row?.revision ?? 0,
    proposal: row?.proposal ?? null,
    updated_at: row?.updated_at ? row.updated_at.toISOString() : null,
  };
}

/** The list item; `stats` counts only the sections still in the outline when the caller has them. */
export function presentItem(row: ProjectRow, stats: ProjectStats, sections: number): PaperWriteItem {
  return {
    id: row.id,
    title: row.title,
    topic: row.topic,
    discipline: row.discipline,
    kind: row.kind,
    language: row.language,
    target_length: row.target_length,
    style: row.style,
    sources: stats.sources,
    sections,
    written: stats.written,
    generating: stats.generating,
    words: stats.words,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function wordsOf(text: string): number {
  return paperWriteCount(text);
}
