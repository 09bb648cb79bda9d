import type { DocItem } from '@xueba/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { docFileUrlQuery } from '../api/doc-api';
import { TextViewer } from './text-viewer';
import type { ViewerTarget } from './viewer-target';

// pdf.js (≈400 KB) is its own chunk, loaded only when a PDF is opened.
const PdfViewer = lazy(() => import('./pdf-viewer'));

/** The document itself: pdf.js for PDFs, the extracted text for the other formats. */
export function DocViewer({ doc, target }: { doc: DocItem; target: ViewerTarget | null }) {
  const { t } = useTranslation();
  const own = target && target.docId === doc.id ? target : null;
  const isPdf = doc.format === 'pdf' && doc.status === 'complete';
  const file = useQuery({ ...docFileUrlQuery(doc.id), enabled: isPdf });
  if (doc.status !== 'complete') {
    return (
      <div className="doc-viewer doc-viewer--empty" data-testid="doc-viewer">
        <p>{doc.fail_text ?? t(`doc.status.${doc.status}`)}</p>
      </div>
    );
  }
  const loading = <p className="doc-viewer__loading">{t('doc.viewer.loading')}</p>;
  return (
    <div className="doc-viewer" data-testid="doc-viewer" data-format={doc.format}>
      {isPdf ? (
        file.isError ? (
          <p className="doc-viewer__loading">{t('msg.doc_not_support_loading')}</p>
        ) : file.data ? (
          <Suspense fallback={loading}>
            <PdfViewer key={doc.id} docId={doc.id} fileUrl={file.data} target={own} />
          </Suspense>
        ) : (
          loading
        )
      ) : (
        <TextViewer key={doc.id} docId={doc.id} pages={doc.pages} target={own} />
      )}
    </div>
  );
}
