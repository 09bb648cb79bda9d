import { WarningOutlined } from '@ant-design/icons';
import { useMemo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '@/components/markdown/markdown';
import { citationOfLink, markCitations } from '../lib/citations';

/** Scrolls the bibliography entry into view and flashes it (the entries carry `id="pw-ref-n"`). */
export function showReference(n: number): void {
  const entry = document.getElementById(`pw-ref-${n}`);
  if (!entry) return;
  entry.scrollIntoView({ behavior: 'smooth', block: 'center' });
  entry.classList.add('is-flash');
  window.setTimeout(() => entry.classList.remove('is-flash'), 1600);
}

/**
 * A section's Markdown with its `[n]` citations as links to the bibliography
 * entries; a number outside the bibliography is struck through in red, says
 * why on hover, and is listed under the text, so it can never pass for a real
 * citation. The server takes such numbers out of what models write and
 * refuses them in saved text; this is the last line for text typed here
 * (preview) and for a bibliography that shrank since.
 */
export function SectionText({ text, size, testId = 'pw-section-text' }: { text: string; size: number; testId?: string }) {
  const { t } = useTranslation();
  const marked = useMemo(() => markCitations(text, size), [text, size]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const citation = citationOfLink(link?.getAttribute('href'));
    if (!citation) return;
    event.preventDefault();
    if (citation.valid) showReference(citation.n);
  };
  return (
    <div className="pw-text" onClick={onClick} data-testid={testId}>
      <Markdown text={marked.markdown} />
      {marked.invalid.length > 0 && (
        <p className="pw-field__error" role="alert" data-testid="pw-invalid-citations">
          <WarningOutlined aria-hidden="true" /> {t('paperwrite.draft.invalid_citations', { list: marked.invalid.map((n) => `[${n}]`).join(' ') })}
        </p>
      )}
    </div>
  );
}
