import '../draw.css';
import { PictureOutlined } from '@ant-design/icons';
import type { DrawOptions } from '@xueba/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BalanceDialog } from '@/components/balance-dialog';
import { PageSpinner } from '@/components/page-spinner';
import { useDrawOptions } from '../api/draw-api';
import { DrawingControl } from '../components/control/drawing-control';
import { DrawingDisabled } from '../components/drawing-disabled';
import { DrawingTabs } from '../components/drawing-tabs';
import { OptionsState } from '../components/page-state';
import { useDrawBase } from '../hooks/use-draw-base';
import { useDrawWorkspace } from '../hooks/use-draw-workspace';

const JobPanel = lazy(() => import('../components/job-panel'));

function Workspace({ options }: { options: DrawOptions }) {
  const { t } = useTranslation();
  const w = useDrawWorkspace(options);
  const record = w.job.data;
  return (
    <div className="draw-layout">
      <DrawingControl options={options} form={w.form} set={w.set} errors={w.errors} signedIn={w.signedIn} requireSignIn={w.requireSignIn} submitting={w.submitting} onSubmit={w.submit} />
      <section className={`draw-result card${w.jobId !== null ? ' draw-result--job' : ''}`} aria-label={t('draw.result')} data-testid="draw-result">
        {record ? (
          <Suspense fallback={<PageSpinner />}>
            <JobPanel record={record} onAgain={() => w.drawAgain(record)} busy={w.submitting} />
          </Suspense>
        ) : w.jobId !== null && w.job.isError ? (
          <p className="muted" role="alert">
            {w.job.error.message || t('msg.draw_not_found')}
          </p>
        ) : w.jobId !== null && w.signedIn ? (
          <div className="draw-progress" aria-busy="true" />
        ) : (
          <div className="draw-empty" data-testid="draw-empty">
            <PictureOutlined className="draw-empty__icon" aria-hidden="true" />
            <p>{t('draw.empty')}</p>
            <p className="muted small">{t('draw.empty_hint')}</p>
          </div>
        )}
      </section>
      <BalanceDialog message={w.balanceMessage} onClose={w.closeBalance} />
    </div>
  );
}

/** `/app/drawing` and `/drawing`: the drawing form and the job it started (spec §2). */
export default function DrawingPage() {
  const { t } = useTranslation();
  const base = useDrawBase();
  const options = useDrawOptions();
  return (
    <div className="page draw-page" data-testid="draw-page">
      <header className="draw-head">
        <h1>{t('draw.title')}</h1>
        <DrawingTabs base={base} active="draw" />
      </header>
      {options.data ? options.data.enabled ? <Workspace options={options.data} /> : <DrawingDisabled /> : <OptionsState failed={options.isError} onRetry={() => void options.refetch()} />}
    </div>
  );
}
