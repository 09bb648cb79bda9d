import type { PaperDetail } from '@xueba/contract';
import { ExportOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { checkUrl } from '@/lib/safe-navigate';
import { detailPath } from './paths';

const FIRST = 20;

/**
 * The paper's references: linked to their own detail page when the source
 * knows them, else the printed text with an outside link (doi.org, arXiv...)
 * when there is a safe one.
 */
export function ReferencesList({ references, total }: { references: PaperDetail['references']; total: number }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  if (references.length === 0) return <p className="muted">{t('paper.no_references')}</p>;
  const shown = all ? references : references.slice(0, FIRST);
  return (
    <>
      <ol className="paper-refs" data-testid="paper-references">
        {shown.map((ref) => {
          const outside = ref.url ? checkUrl(ref.url, { allowExternal: true }) : null;
          return (
            <li key={ref.position} value={ref.position} className="paper-refs__item">
              {ref.id ? (
                <LocaleLink to={detailPath(ref.id)} data-testid="paper-reference-link">
                  {ref.title || ref.text}
                </LocaleLink>
              ) : (
                <span>{ref.text || ref.title}</span>
              )}
              {ref.id && ref.title && ref.text && ref.text !== ref.title && <span className="paper-refs__raw">{ref.text}</span>}
              {outside?.ok && (
                <a className="paper-refs__ext" href={outside.href} target="_blank" rel="noopener noreferrer" aria-label={t('paper.open_external', { id: ref.external_id ?? '' })}>
                  {ref.external_id ?? t('paper.link')} <ExportOutlined aria-hidden="true" />
                </a>
              )}
            </li>
          );
        })}
      </ol>
      {references.length > FIRST && (
        <button type="button" className="link-btn" onClick={() => setAll((v) => !v)} data-testid="paper-references-toggle">
          {all ? t('paper.show_less') : t('paper.show_all', { n: references.length })}
        </button>
      )}
      {total > references.length && <p className="muted small">{t('paper.references_capped', { shown: references.length, total })}</p>}
    </>
  );
}
