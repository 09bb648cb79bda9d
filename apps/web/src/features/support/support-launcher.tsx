import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '@/lib/api';
import { withMessages } from '@/lib/i18n';
import { request } from '@/lib/request';
import { useUserStore } from '@/stores/user-store';
import { supportUnreadKey } from './support-keys';
import './support-launcher.css';

/** The conversation itself is its own chunk: the button adds almost nothing to the first screen. */
const SupportPanel = lazy(withMessages(['support'], () => import('./support-panel')));


/**
 * The floating customer-service button of the app pages, with the signed-in
 * user's unread answers as a badge. `?support=1` (the link of a support
 * notice) opens it.
 */
export function SupportLauncher() {
  const { t } = useTranslation();
  const token = useUserStore((s) => s.token);
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const unread = useQuery({
    queryKey: [...supportUnreadKey, token],
    queryFn: ({ signal }) => request(api.supportUnread, undefined, { signal, silent: true, background: true }),
    enabled: Boolean(token),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
  const linked = params.get('support') === '1';
  const shown = open || linked;
  const close = () => {
    setOpen(false);
    if (!linked) return;
    const next = new URLSearchParams(params);
    next.delete('support');
    setParams(next, { replace: true });
  };
  const count = token ? (unread.data?.unread ?? 0) : 0;

  return (
    <>
      {shown && (
        <Suspense fallback={null}>
          <SupportPanel onClose={close} />
        </Suspense>
      )}
      {!shown && (
        <button type="button" className="support-launcher" onClick={() => setOpen(true)} aria-label={t('shell.support')} data-testid="support-launcher">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path fill="currentColor" d="M12 3a8 8 0 0 0-8 8v5a3 3 0 0 0 3 3h1v-7H6v-1a6 6 0 0 1 12 0v1h-2v7h2a1 1 0 0 1-1 1h-3v2h3a3 3 0 0 0 3-3v-6a8 8 0 0 0-8-8Z" />
          </svg>
          <span className="support-launcher__text">{t('shell.support')}</span>
          {count > 0 && (
            <span className="support-launcher__badge" data-testid="support-unread" aria-label={t('shell.support_unread', { count })}>
              {count > 99 ? '99+' : count}
            </span>
          )}
        </button>
      )}
    </>
  );
}
