import { DeleteOutlined, DownloadOutlined, FolderOpenOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { QrRecord } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/pager';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';
import { confirmBox, toast } from '@/lib/notify';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
import { deleteCode, HISTORY_PAGE_SIZE, useQrRecords } from '../api/qrcode-api';

function Row({ record, onOpen }: { record: QrRecord; onOpen: (record: QrRecord) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [deleting, setDeleting] = useState(false);
  const thumb = record.thumb_url ?? record.png_url;
  const remove = async () => {
    const sure = await confirmBox({ title: t('qrcode.delete'), content: t('qrcode.delete_confirm'), okText: t('qrcode.delete'), cancelText: t('common.cancel') });
    if (!sure) return;
    setDeleting(true);
    try {
      await deleteCode(record.id);
      toast.success(t('qrcode.deleted'));
    } catch {
      // The request layer has shown why.
      setDeleting(false);
    }
  };
  return (
    <li className="qr-history__item" data-testid="qr-history-item" data-id={record.id} data-status={record.status}>
      <button type="button" className="qr-history__thumb" onClick={() => onOpen(record)} aria-label={t('qrcode.open')}>
        {thumb ? <img src={mediaUrl(thumb)} alt="" loading="lazy" /> : <QrcodeOutlined aria-hidden="true" />}
      </button>
      <div className="qr-history__text">
        <p className="qr-history__type">
          <span className="qr-tag">{t(`qrcode.mode.${record.mode}`)}</span>
          <span className="qr-tag">{t(`qrcode.type.${record.type}`)}</span>
          <span className={`qr-tag qr-tag--${record.status}`} data-testid="qr-history-status">
            {t(`qrcode.status.${record.status}`)}
          </span>
        </p>
        <p className="qr-history__content" title={record.content}>
          {record.content}
        </p>
        <p className="muted small">{formatDate(record.created_at, locale, true)}</p>
      </div>
      <div className="qr-history__actions">
        <button type="button" className="btn btn--outline btn--sm" onClick={() => onOpen(record)} data-testid="qr-history-open">
          <FolderOpenOutlined aria-hidden="true" /> {t('qrcode.open')}
        </button>
        {record.png_url && (
          <a className="btn btn--outline btn--sm" href={mediaUrl(record.png_url)} download={`qrcode-${record.id}.png`} data-testid="qr-history-download">
            <DownloadOutlined aria-hidden="true" /> PNG
          </a>
        )}
        <button type="button" className="btn btn--outline btn--sm btn--danger" onClick={() => void remove()} disabled={deleting} data-testid="qr-history-delete">
          <DeleteOutlined aria-hidden="true" /> {t('qrcode.delete')}
        </button>
      </div>
    </li>
  );
}

/** The history tab: the user's codes, newest first; visitors are asked to sign in. */
export function History({ signedIn, onOpen }: { signedIn: boolean; onOpen: (record: QrRecord) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const records = useQrRecords(page, signedIn);
  if (!signedIn)
    return (
      <div className="card qr-history__gate" data-testid="qr-history-sign-in">
        <p>{t('qrcode.history_sign_in')}</p>
        <button type="button" className="btn btn--primary btn--sm" onClick={() => openLogin(LOGIN_MODE.LOGIN)}>
          {t('qrcode.sign_in')}
        </button>
      </div>
    );
  if (records.isError)
    return (
      <p className="muted" role="alert">
        {records.error.message || t('qrcode.history_failed')}
      </p>
    );
  if (!records.data) return <div className="qr-progress" aria-busy="true" />;
  const { lists, count } = records.data;
  return (
    <section className="card qr-history" data-testid="qr-history">
      {lists.length === 0 ? (
        <p className="muted" data-testid="qr-history-empty">
          {t('qrcode.history_empty')}
        </p>
      ) : (
        <ul className="qr-history__list">
          {lists.map((record) => (
            <Row key={record.id} record={record} onOpen={onOpen} />
          ))}
        </ul>
      )}
      <Pager page={page} total={count} pageSize={HISTORY_PAGE_SIZE} onChange={setPage} />
    </section>
  );
}
