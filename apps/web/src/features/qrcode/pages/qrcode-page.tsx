import '../qrcode.css';
import type { QrOptions } from '@xueba/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useQrOptions } from '../api/qrcode-api';
import { QrControl } from '../components/qr-control';
import { ResultPanel } from '../components/result/result-panel';
import { useQrWorkspace } from '../hooks/use-qr-workspace';

// The history tab is its own chunk: the first screen is the creation form.
const History = lazy(() => import('../components/history').then((m) => ({ default: m.History })));

type Tab = 'create' | 'history';

function Workspace({ options, tab }: { options: QrOptions; tab: Tab }) {
  const w = useQrWorkspace(options);
  if (tab === 'history') {
    return (
      <Suspense fallback={<PageSpinner />}>
        <History signedIn={w.signedIn} onOpen={w.openRecord} />
      </Suspense>
    );
  }
  return (
    <div className="qr-layout">
      <QrControl options={options} w={w} />
      <ResultPanel shown={w.shown} signedIn={w.signedIn} />
    </div>
  );
}

/** `/app/qrcode`: styled and AI art QR codes, every one verified before it is shown (spec §2), with its history. */
export default function QrcodePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const options = useQrOptions();
  const tab: Tab = params.get('tab') === 'history' ? 'history' : 'create';
  const go = (next: Tab) =>
    setParams((p) => {
      if (next === 'history') p.set('tab', 'history');
      else p.delete('tab');
      return p;
    });
  return (
    <div className="page qr-page" data-testid="qr-page">
      <header className="qr-head">
        <h1>{t('qrcode.title')}</h1>
        <div className="qr-tabs" role="tablist" aria-label={t('qrcode.tabs')} data-testid="qr-tabs">
          {(['create', 'history'] as const).map((name) => (
            <button key={name} type="button" role="tab" aria-selected={tab === name} className={`qr-tabs__tab${tab === name ? ' is-active' : ''}`} onClick={() => go(name)} data-testid={`qr-tab-${name}`}>
              {t(name === 'create' ? 'qrcode.tab_create' : 'qrcode.tab_history')}
            </button>
          ))}
        </div>
      </header>
      {options.data ? (
        <Workspace options={options.data} tab={tab} />
      ) : options.isError ? (
        <div className="card qr-notice" role="alert" data-testid="qr-options-failed">
          <p>{t('qrcode.options_failed')}</p>
          <button type="button" className="btn btn--primary btn--sm" onClick={() => void options.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}
