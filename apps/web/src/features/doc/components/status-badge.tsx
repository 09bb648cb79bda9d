import { CheckCircleFilled, CloseCircleFilled, CloudUploadOutlined, LoadingOutlined } from '@ant-design/icons';
import type { DocItem } from '@xueba/contract';
import { useTranslation } from 'react-i18next';

const ICONS = {
  uploading: CloudUploadOutlined,
  processing: LoadingOutlined,
  complete: CheckCircleFilled,
  parse_failed: CloseCircleFilled,
  process_failed: CloseCircleFilled,
} as const;

/** Spec §4 status of a document; a failure carries its reason (title and text below), scanned pages being read their progress. */
export function StatusBadge({ doc }: { doc: Pick<DocItem, 'status' | 'fail_text'> & Partial<Pick<DocItem, 'progress'>> }) {
  const { t } = useTranslation();
  const Icon = ICONS[doc.status];
  const failed = doc.status === 'parse_failed' || doc.status === 'process_failed';
  return (
    <span className="doc-status-wrap">
      <span className={`doc-status doc-status--${doc.status}`} data-testid="doc-status" data-status={doc.status} title={doc.fail_text ?? undefined}>
        <Icon aria-hidden="true" spin={doc.status === 'processing'} /> {t(`doc.status.${doc.status}`)}
      </span>
      {doc.status === 'processing' && doc.progress && (
        <span className="doc-status__progress" data-testid="doc-progress">
          {t('doc.status.ocr_page', { page: doc.progress.page, pages: doc.progress.pages })}
        </span>
      )}
      {failed && doc.fail_text && (
        <span className="doc-status__reason" data-testid="doc-fail-reason">
          {doc.fail_text}
        </span>
      )}
    </span>
  );
}
