import { CopyOutlined, EditOutlined, FlagOutlined, LinkOutlined, PictureOutlined, StopOutlined } from '@ant-design/icons';
import type { SquareItem } from '@xueba/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale, useLocaleNavigate } from '@/hooks/use-locale';
import { useUser } from '@/lib/auth';
import { mediaUrl } from '@/lib/media-url';
import { copyText } from '@/lib/clipboard';
import { formatDate } from '@/lib/format';
import { confirmBox, toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
import { squareDetailQuery, squareKeys, unpublishItem } from '../api/square-api';
import { drawSamePath } from '../lib/square-links';
import { PosterDialog } from './poster-dialog';
import { ReportForm } from './report-form';
import { SquareDialog } from './square-dialog';
import { StatusBadge } from './status-badge';

/** The image pop-up (spec §2): the picture large, what drew it, who, and what to do with it. */
export function ItemDialog({ id, initial, onClose }: { id: number; initial?: SquareItem; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useLocaleNavigate();
  const queryClient = useQueryClient();
  const { signedIn } = useUser();
  const query = useQuery({ ...squareDetailQuery(id), initialData: initial });
  const [panel, setPanel] = useState<'none' | 'report' | 'poster'>('none');
  const item = query.data;

  const copy = (text: string) => void copyText(text, t('square.copied'), t('square.copy_failed'));
  const unpublish = async () => {
    if (!item) return;
    const ok = await confirmBox({ title: t('square.unpublish'), content: t('square.unpublish_confirm'), okText: t('square.unpublish'), cancelText: t('common.cancel') });
    if (!ok) return;
    try {
      await unpublishItem(item.id);
      toast.success(t('square.unpublished'));
      await queryClient.invalidateQueries({ queryKey: squareKeys.all });
      onClose();
    } catch {
      // The request layer shows the server's message.
    }
  };
  const report = () => (signedIn ? setPanel('report') : openLogin(LOGIN_MODE.LOGIN, t('square.report_sign_in')));

  return (
    <>
      <SquareDialog title={t('square.item_title')} onClose={onClose} className="sq-dialog--item" testId="square-item">
        {!item && query.isPending && <p className="muted">{t('common.loading')}</p>}
        {!item && query.isError && (
          <p className="callout callout--warning" role="alert" data-testid="square-item-missing">
            {isRequestError(query.error) && query.error.key ? query.error.message : t('errors.server_error')}
          </p>
        )}
        {item && (
          <div className="sq-item">
            <figure className="sq-item__figure">
              <img src={mediaUrl(item.image_url)} alt={item.prompt} width={item.width} height={item.height} data-testid="square-item-img" />
            </figure>
            <div className="sq-item__info">
              <div className="sq-item__author">
                {item.avatar ? <img className="sq-avatar" src={mediaUrl(item.avatar)} alt="" /> : <span className="sq-avatar sq-avatar--empty" aria-hidden="true" />}
                <span className="sq-item__nickname" data-testid="square-item-author">
                  {item.nickname}
                </span>
                {item.mine && <StatusBadge status={item.status} />}
              </div>
              <section>
                <div className="sq-item__label">
                  <span>{t('square.prompt')}</span>
                  <button type="button" className="link-btn" onClick={() => copy(item.prompt)} data-testid="square-copy-prompt">
                    <CopyOutlined aria-hidden="true" /> {t('square.copy')}
                  </button>
                </div>
                <p className="sq-item__prompt" data-testid="square-item-prompt">
                  {item.prompt}
                </p>
              </section>
              {item.negative_prompt && (
                <section>
                  <div className="sq-item__label">
                    <span>{t('square.negative_prompt')}</span>
                  </div>
                  <p className="sq-item__prompt sq-item__prompt--muted">{item.negative_prompt}</p>
                </section>
              )}
              <dl className="sq-item__meta">
                <dt>{t('square.model')}</dt>
                <dd data-testid="square-item-model">
                  {t(`square.family.${item.family}`)} · {item.model}
                </dd>
                <dt>{t('square.size')}</dt>
                <dd>{item.size}</dd>
                {item.style && (
                  <>
                    <dt>{t('square.style')}</dt>
                    <dd>{item.style}</dd>
                  </>
                )}
                <dt>{t('square.created')}</dt>
                <dd>{formatDate(item.created_at, locale)}</dd>
              </dl>
              <div className="sq-item__actions">
                <button type="button" className="btn btn--primary" onClick={() => navigate(drawSamePath(item.id))} data-testid="square-draw-same">
                  <EditOutlined aria-hidden="true" /> {t('square.draw_same')}
                </button>
                <button type="button" className="btn btn--outline" onClick={() => setPanel('poster')} data-testid="square-open-poster">
                  <PictureOutlined aria-hidden="true" /> {t('square.poster')}
                </button>
                <button type="button" className="btn btn--outline" onClick={() => copy(item.share_url)} data-testid="square-copy-link">
                  <LinkOutlined aria-hidden="true" /> {t('square.copy_link')}
                </button>
                {!item.mine && (
                  <button type="button" className="btn btn--ghost" onClick={report} data-testid="square-report">
                    <FlagOutlined aria-hidden="true" /> {t('square.report')}
                  </button>
                )}
                {item.mine && item.status !== 'hidden' && (
                  <button type="button" className="btn btn--ghost sq-danger" onClick={() => void unpublish()} data-testid="square-unpublish">
                    <StopOutlined aria-hidden="true" /> {t('square.unpublish')}
                  </button>
                )}
              </div>
              {panel === 'report' && <ReportForm id={item.id} onDone={() => setPanel('none')} />}
            </div>
          </div>
        )}
      </SquareDialog>
      {panel === 'poster' && item && <PosterDialog id={item.id} onClose={() => setPanel('none')} />}
    </>
  );
}
