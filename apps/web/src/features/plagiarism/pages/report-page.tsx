import '../plagiarism.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LocaleLink } from '@/components/locale-link';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/notify';
import { downloadReport, usePlagiarismDetail } from '../api/plagiarism-api';
import { ReportView } from '../components/report-view';
import { SharePanel } from '../components/share-panel';

/** `/paper/check/:id`: a report (or its progress while the check runs), its downloads and its share link. */
export default function ReportPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = Number(useParams().id);
  const detail = usePlagiarismDetail(Number.isSafeInteger(id) ? id : 0);
  const [sharing, setSharing] = useState(false);
  const d = detail.data;
  const download = (format: 'pdf' | 'html') => {
    if (!d) return;
    downloadReport({ id: d.id }, format, d.title).catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)));
  };
  return (
    <div className="page plag-page" data-testid="plag-report-page">
      <LocaleLink to="/paper/check" className="muted small">
        ‹ {t('plagiarism.report.back')}
      </LocaleLink>
      {detail.isError ? (
        <p className="plag-error" role="alert">
          {detail.error.message}
        </p>
      ) : !d ? (
        <p className="muted">{t('plagiarism.report.loading')}</p>
      ) : (
        <>
          <div className="plag-toolbar">
            <h1 data-testid="plag-report-title">{d.title}</h1>
            <span className="muted small">
              {d.filename ? `${d.filename} · ` : ''}
              {formatDate(d.created_at, locale, true)}
            </span>
            {d.status === 'done' && (
              <>
                <button type="button" className="btn" onClick={() => download('pdf')} data-testid="plag-download-pdf">
                  {t('plagiarism.report.download_pdf')}
                </button>
                <button type="button" className="btn" onClick={() => download('html')} data-testid="plag-download-html">
                  {t('plagiarism.report.download_html')}
                </button>
                <button type="button" className="btn btn--primary" onClick={() => setSharing(!sharing)} data-testid="plag-share">
                  {t('plagiarism.report.share')}
                  {d.shared ? ` · ${t('plagiarism.report.share_active')}` : ''}
                </button>
              </>
            )}
          </div>
          {sharing && <SharePanel id={d.id} shared={d.shared} />}
          {d.status === 'done' && d.report ? (
            <ReportView text={d.text} report={d.report} />
          ) : d.status === 'failed' ? (
            <section className="card plag-wait" role="alert">
              <p className="plag-error">{d.error_msg ?? t('plagiarism.report.failed')}</p>
            </section>
          ) : (
            <section className="card plag-wait" data-testid="plag-waiting">
              <p>{d.status === 'queued' && d.position > 0 ? `${t('plagiarism.list.status.queued')} · ${t('plagiarism.list.queued_at', { count: d.position })}` : t('plagiarism.report.waiting')}</p>
              <progress max={100} value={d.progress} />
              <p className="muted small">{t('plagiarism.list.progress', { value: d.progress })}</p>
            </section>
          )}
        </>
      )}
    </div>
  );
}
