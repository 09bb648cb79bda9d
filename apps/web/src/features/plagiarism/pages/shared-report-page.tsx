import '../plagiarism.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '@/components/locale-link';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/notify';
import { downloadReport, useSharedReport } from '../api/plagiarism-api';
import { ReportView } from '../components/report-view';

/** `/paper/check/shared?token=`: a report shared with a supervisor, read-only, for anyone with the link. */
export default function SharedReportPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const shared = useSharedReport(token);
  const d = shared.data;
  useEffect(() => {
    if (d) document.title = `${t('plagiarism.title')} · ${d.title}`;
  }, [d, t]);
  const download = (format: 'pdf' | 'html') => {
    if (d) downloadReport({ token }, format, d.title).catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)));
  };
  return (
    <div className="page plag-page" data-testid="plag-shared-page">
      <p className="plag-banner">{t('plagiarism.report.shared_banner')}</p>
      {!token || shared.isError ? (
        <section className="card plag-wait" role="alert" data-testid="plag-shared-error">
          <p>{shared.error?.message || t('plagiarism.report.shared_invalid')}</p>
          <LocaleLink to="/paper/check" className="btn btn--primary">
            {t('plagiarism.report.make_own')}
          </LocaleLink>
        </section>
      ) : !d ? (
        <p className="muted">{t('plagiarism.report.loading')}</p>
      ) : (
        <>
          <div className="plag-toolbar">
            <h1 data-testid="plag-report-title">{d.title}</h1>
            <span className="muted small">
              {d.filename ? `${d.filename} · ` : ''}
              {d.finished_at ? formatDate(d.finished_at, locale, true) : ''}
            </span>
            <button type="button" className="btn" onClick={() => download('pdf')}>
              {t('plagiarism.report.download_pdf')}
            </button>
            <button type="button" className="btn" onClick={() => download('html')}>
              {t('plagiarism.report.download_html')}
            </button>
          </div>
          <ReportView text={d.text} report={d.report} />
        </>
      )}
    </div>
  );
}
