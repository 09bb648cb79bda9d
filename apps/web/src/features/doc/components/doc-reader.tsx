import { ArrowLeftOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import { DOC_CHAT_MAX_DOCS, type DocCitation, type DocDetail } from '@xueba/contract';
import { useQueries } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { docDetailQuery } from '../api/doc-api';
import { useDocAccess } from '../hooks/use-doc-access';
import { DocQa } from './doc-qa';
import { DocViewer } from './doc-viewer';
import { NotMember } from './member-gate';
import { StatusBadge } from './status-badge';
import type { ViewerTarget } from './viewer-target';

/** `?id=5` or `?ids=1,2,3` (several documents asked together). */
export function docIdsParam(params: URLSearchParams): number[] {
  const raw = params.get('ids') ?? params.get('id') ?? '';
  const ids = raw
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, DOC_CHAT_MAX_DOCS);
}

let targetSeq = 0;


/**
 * A document beside its Q&A (desktop: side by side; mobile: one pane at a
 * time). Clicking a citation shows its document, scrolls to the page and
 * marks the passage.
 */
export function DocReader({ docIds, layout, backTo }: { docIds: number[]; layout: 'split' | 'tabs'; backTo: string }) {
  const { t } = useTranslation();
  const details = useQueries({ queries: docIds.map((id) => docDetailQuery(id)) });
  const [shown, setShown] = useState<number | null>(null);
  const [target, setTarget] = useState<ViewerTarget | null>(null);
  const [pane, setPane] = useState<'doc' | 'qa'>('qa');

  const docs = details.map((q) => q.data).filter((d): d is DocDetail => d !== undefined);
  const current = docs.find((d) => d.id === shown) ?? docs[0];
  const failed = details.find((q) => q.isError);
  const access = useDocAccess(current?.type ?? 'research_report');
  const ready = docs.length === docIds.length && docs.every((d) => d.status === 'complete');

  const onCite = useCallback((c: DocCitation) => {
    setShown(c.doc_id);
    setTarget({ docId: c.doc_id, page: c.page, text: c.text, start: c.start, end: c.end, bbox: c.bbox, seq: ++targetSeq });
    setPane('doc');
  }, []);

  if (docIds.length === 0) {
    return (
      <div className="doc-reader__empty">
        <p>{t('doc.reader.none')}</p>
        <LocaleLink to={backTo} className="btn btn--primary">
          {t('doc.reader.to_list')}
        </LocaleLink>
      </div>
    );
  }
  if (failed) {
    return (
      <div className="doc-reader__empty" role="alert">
        <p>{failed.error?.message}</p>
        <LocaleLink to={backTo} className="btn btn--primary">
          {t('doc.reader.to_list')}
        </LocaleLink>
      </div>
    );
  }
  if (!current) return <p className="doc-viewer__loading">{t('common.loading')}</p>;

  const header = (
    <div className="doc-reader__head">
      <LocaleLink to={backTo} className="icon-btn icon-btn--sm" aria-label={t('doc.reader.to_list')} title={t('doc.reader.to_list')} data-testid="doc-back">
        <ArrowLeftOutlined />
      </LocaleLink>
      {docs.length > 1 ? (
        <Segmented<number> size="small" value={current.id} onChange={setShown} options={docs.map((d) => ({ value: d.id, label: <span title={d.name}>{d.name}</span> }))} className="doc-reader__docs" />
      ) : (
        <h1 className="doc-reader__title" title={current.name} data-testid="doc-title">
          {current.name}
        </h1>
      )}
      {current.status !== 'complete' && <StatusBadge doc={current} />}
    </div>
  );
  const viewer = <DocViewer doc={current} target={target} />;
  // Reading stays open to the owner; asking needs the membership of the document's type (spec §6).
  const qa = access.allowed ? <DocQa docIds={docIds} ready={ready} onCite={onCite} /> : access.loading ? null : <NotMember type={current.type} />;

  return (
    <div className={`doc-reader doc-reader--${layout}`} data-testid="doc-reader">
      {header}
      {layout === 'split' ? (
        <div className="doc-reader__split">
          <div className="doc-reader__viewer">{viewer}</div>
          <div className="doc-reader__qa">{qa}</div>
        </div>
      ) : (
        <>
          <Segmented<'doc' | 'qa'>
            block
            value={pane}
            onChange={setPane}
            options={[
              { value: 'doc', label: <span data-testid="h5-tab-doc">{t('doc.reader.document')}</span> },
              { value: 'qa', label: <span data-testid="h5-tab-qa">{t('doc.reader.qa')}</span> },
            ]}
          />
          {/* Both panes stay mounted so a streaming answer and the viewer's scroll survive switching. */}
          <div className="doc-reader__pane" hidden={pane !== 'doc'}>
            {viewer}
          </div>
          <div className="doc-reader__pane" hidden={pane !== 'qa'}>
            {qa}
          </div>
        </>
      )}
    </div>
  );
}
