import '../draw.css';
import { PictureOutlined } from '@ant-design/icons';
import type { DrawOptions } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { BalanceDialog } from '@/components/balance-dialog';
import { useDrawOptions } from '../api/draw-api';
import { DrawingControl } from '../components/control/drawing-control';
import { DrawingDisabled } from '../components/drawing-disabled';
import { DrawingTabs } from '../components/drawing-tabs';
import { LocalityDraw } from '../components/locality-draw';
import { OptionsState } from '../components/page-state';
import { ResultView } from '../components/result/result-view';
import { useDrawBase } from '../hooks/use-draw-base';
import { useDrawWorkspace } from '../hooks/use-draw-workspace';

function Workspace({ options }: { options: DrawOptions }) {
  const { t } = useTranslation();
  const w = useDrawWorkspace(options);
  const record = w.job.data;
  return (
    <div className="draw-layout">
      <DrawingControl options={options} form={w.form} set={w.set} errors={w.errors} signedIn={w.signedIn} requireSignIn={w.requireSignIn} submitting={w.submitting} onSubmit={w.submit} />
      <section className="draw-result card" aria-label={t('draw.result')} data-testid="draw-result">
        {record ? (
          <>
            <ResultView record={record} />
            <div className="draw-result__foot">
              <p className="draw-result__prompt small" title={record.prompt}>
                <span className="tag">{t(`draw.family.${record.family}`)}</span> {record.model} · {record.size}
                <span className="muted"> · {record.prompt}</span>
              </p>
              {(record.status === 'success' || record.status === 'failed' || record.status === 'cancelled') && <LocalityDraw onDraw={() => w.drawAgain(record)} disabled={w.submitting} />}
            </div>
          </>
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
