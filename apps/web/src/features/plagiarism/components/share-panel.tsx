import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/hooks/use-locale';
import { copyText } from '@/lib/clipboard';
import { toast } from '@/lib/notify';
import { revokeCheckShare, shareCheck } from '../api/plagiarism-api';

/** Make, copy or revoke the supervisor's link; the token is shown once, when it is made. */
export function SharePanel({ id, shared }: { id: number; shared: boolean }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card plag-share" data-testid="plag-share-panel">
      <h2>{t('plagiarism.report.share_title')}</h2>
      <p className="muted small">{t('plagiarism.report.share_hint')}</p>
      {url && <input readOnly value={url} className="plag-input" data-testid="plag-share-url" onFocus={(e) => e.target.select()} />}
      <div className="plag-toolbar">
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy}
          data-testid="plag-share-make"
          onClick={() =>
            void run(async () => {
              const share = await shareCheck(id);
              setUrl(`${window.location.origin}${localePath(share.path)}`);
            })
          }
        >
          {t('plagiarism.report.share_make')}
        </button>
        {url && (
          <button type="button" className="btn" onClick={() => void copyText(url, t('msg.copied'), t('msg.copy_failed'))}>
            {t('plagiarism.report.share_copy')}
          </button>
        )}
        {shared && (
          <button
            type="button"
            className="btn btn--ghost"
            disabled={busy}
            data-testid="plag-share-revoke"
            onClick={() =>
              void run(async () => {
                await revokeCheckShare(id);
                setUrl(null);
                toast.success(t('plagiarism.report.share_revoked'));
              })
            }
          >
            {t('plagiarism.report.share_revoke')}
          </button>
        )}
      </div>
    </section>
  );
}
