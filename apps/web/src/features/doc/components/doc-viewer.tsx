import { DOC_FILE_PATH, type DocItem } from '@xueba/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { requestContext } from '@/lib/request';
import { TextViewer } from './text-viewer';
import type { ViewerTarget } from './viewer-target';

// pdf.js (≈400 KB) is its own chunk, loaded only when a PDF is opened.
const PdfViewer = lazy(() => import('./pdf-viewer'));

/** The document itself: pdf.js for PDFs, the extracted text for the other formats. */
export function DocViewer({ doc, target }: { doc: DocItem; target: ViewerTarget | null }) {
  const { t } = useTranslation();
  const own = target && target.docId === doc.id ? target : null;
  if (doc.status !== 'complete') {
    return (
      <div className="doc-viewer doc-viewer--empty" data-testid="doc-viewer">
        <p>{doc.fail_text ?? t(`doc.status.${doc.status}`)}</p>
      </div>
    );
  }
  return (
    <div className="doc-viewer" data-testid="doc-viewer" data-format={doc.format}>
      {doc.format === 'pdf' ? (
        <Suspense fallback={<p className="doc-viewer__loading">{t('doc.viewer.loading')}</p>}>
          <PdfViewer key={doc.id} docId={doc.id} fileUrl={`${requestContext.apiUrl(DOC_FILE_PATH)}?id=${doc.id}`} target={own} />
        </Suspense>
      ) : (
        <TextViewer key={doc.id} docId={doc.id} pages={doc.pages} target={own} />
      )}
    </div>
  );
}
