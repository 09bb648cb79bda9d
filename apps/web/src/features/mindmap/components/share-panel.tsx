import { CopyOutlined, LinkOutlined, StopOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/hooks/use-locale';
import { copyText } from '@/lib/clipboard';
import { toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { revokeShare, shareMindmap } from '../api/mindmap-api';

/**
 * The read-only link of a map. The token is shown only when the link is made
 * (the server keeps no readable copy of it), so an active link can be
 * replaced by a new one or revoked, not shown again.
 */
export function SharePanel({ id, shared }: { id: number; shared: boolean }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (e: unknown) => toast.error(isRequestError(e) && e.message ? e.message : t('errors.server_error'));

  const create = async () => {
    setBusy(true);
    try {
      const share = await shareMindmap(id);
      const full = new URL(localePath(share.path), window.location.origin).toString();
      setUrl(full);
      await copyText(full, t('mindmap.share.copied'), t('msg.copy_failed'));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    setBusy(true);
    try {
      await revokeShare(id);
      setUrl(null);
      toast.success(t('mindmap.share.revoked'));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mm-share" data-testid="mm-share">
      <p className="muted small">{shared ? t('mindmap.share.active') : t('mindmap.share.intro')}</p>
      {url && (
        <div className="mm-share__link">
          <input readOnly value={url} aria-label={t('mindmap.share.link')} data-testid="mm-share-url" onFocus={(e) => e.target.select()} />
          <button type="button" className="icon-btn" onClick={() => void copyText(url, t('mindmap.share.copied'), t('msg.copy_failed'))} aria-label={t('mindmap.share.copy')} title={t('mindmap.share.copy')}>
            <CopyOutlined />
          </button>
        </div>
      )}
      <div className="mm-share__actions">
        <button type="button" className="btn btn--primary" onClick={() => void create()} disabled={busy} data-testid="mm-share-create">
          <LinkOutlined aria-hidden="true" /> {shared || url ? t('mindmap.share.renew') : t('mindmap.share.create')}
        </button>
        {(shared || url) && (
          <button type="button" className="btn btn--ghost" onClick={() => void revoke()} disabled={busy} data-testid="mm-share-revoke">
            <StopOutlined aria-hidden="true" /> {t('mindmap.share.revoke')}
          </button>
        )}
      </div>
    </div>
  );
}
