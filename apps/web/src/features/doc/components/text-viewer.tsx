import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { docPageQuery } from '../api/doc-api';
import { findPassage, type Range } from '../lib/find-passage';
import { scrollWithin } from '../lib/scroll-within';
import type { ViewerTarget } from './viewer-target';

/** The cited range on this page: the server's offsets when they still hold the passage, else a search. */
export function citedRange(text: string, target: ViewerTarget | null, page: number): Range | null {
  if (!target || target.page !== page || !target.text) return null;
  if (target.start !== undefined && target.end !== undefined && target.end > target.start && target.end <= text.length) {
    const slice = text.slice(target.start, target.end);
    if (findPassage(slice, target.text.slice(0, 40))) return { start: target.start, end: target.end };
  }
  return findPassage(text, target.text);
}

/** Word, text and Markdown documents: the server's extracted text, a page at a time, with the cited passage marked. */
export function TextViewer({ docId, pages, target }: { docId: number; pages: number; target: ViewerTarget | null }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const body = useRef<HTMLDivElement>(null);
  const query = useQuery(docPageQuery(docId, page));

  // A new citation target moves to its page (adjusting state while rendering, not in an effect).
  const [seenTarget, setSeenTarget] = useState<number | null>(null);
  if (target && target.seq !== seenTarget) {
    setSeenTarget(target.seq);
    setPage(target.page);
  }

  const text = query.data?.text ?? '';
  const total = query.data?.pages ?? pages;
  const range = useMemo(() => citedRange(text, target, page), [text, target, page]);

  useLayoutEffect(() => {
    const mark = body.current?.querySelector('mark');
    if (mark && body.current) scrollWithin(body.current, mark, 'center');
  }, [range, text]);

  return (
    <div className="text-viewer" data-testid="text-viewer">
      <div className="text-viewer__bar">
        <button type="button" className="icon-btn icon-btn--sm" disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label={t('doc.viewer.prev')}>
          <LeftOutlined />
        </button>
        <span data-testid="text-viewer-page">{t('doc.viewer.page_of', { page, pages: total })}</span>
        <button type="button" className="icon-btn icon-btn--sm" disabled={page >= total} onClick={() => setPage(page + 1)} aria-label={t('doc.viewer.next')}>
          <RightOutlined />
        </button>
      </div>
      <div className="text-viewer__body" ref={body} data-page={page}>
        {query.isError && (
          <p className="doc-viewer__error" role="alert">
            {query.error.message}
          </p>
        )}
        {query.isPending && <p className="doc-viewer__loading">{t('doc.viewer.loading')}</p>}
        {query.data &&
          (range ? (
            <>
              {text.slice(0, range.start)}
              <mark className="doc-hl" data-testid="viewer-highlight">
                {text.slice(range.start, range.end)}
              </mark>
              {text.slice(range.end)}
            </>
          ) : (
            text
          ))}
      </div>
    </div>
  );
}
