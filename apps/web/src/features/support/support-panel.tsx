import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { SupportState } from '@xueba/contract';
import { LocaleLink } from '@/components/locale-link';
import { hasKey } from '@/lib/request';
import { mediaUrl } from '@/lib/media-url';
import { useUserStore, openLogin } from '@/stores/user-store';
import { followSupport, fetchSupportState, readSupport, readVisitor, saveVisitor, sendSupport, type VisitorPass } from './support-api';
import { SupportThread } from './support-thread';
import { VisitorGate } from './visitor-gate';
import { supportUnreadKey } from './support-keys';
import './support-panel.css';

/**
 * The customer-service conversation: messages pushed live, a composer (text,
 * and a picture for signed-in users), the closed state with a way to start
 * over, and the configured external contacts beside it. A visitor first
 * proves an email.
 */
export default function SupportPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const token = useUserStore((s) => s.token);
  const [visitor, setVisitor] = useState<VisitorPass | null>(() => (token ? null : readVisitor()));
  const visitorToken = token ? undefined : visitor?.token;
  const queryClient = useQueryClient();
  const stateKey = ['support', 'state', token ?? visitor?.token ?? 'none'];
  const state = useQuery({ queryKey: stateKey, queryFn: () => fetchSupportState(visitorToken), enabled: Boolean(token || visitor), staleTime: 0, retry: false });
  // A visitor whose token expired goes back to the email step.
  const expired = !token && state.error !== null && hasKey(state.error, 'support_visitor_required');
  const identity = token ? 'user' : visitor && !expired ? 'visitor' : null;
  const [fresh, setFresh] = useState(false);
  const [down, setDown] = useState(false);
  const location = useLocation();

  const refetch = state.refetch;
  useEffect(() => {
    if (!identity) return undefined;
    const controller = new AbortController();
    void followSupport('/support/stream', { visitor_token: visitorToken }, () => void refetch(), controller.signal, setDown);
    return () => controller.abort();
  }, [identity, visitorToken, refetch]);

  useEffect(() => {
    if (expired) saveVisitor(null);
  }, [expired]);

  const conversation = state.data?.conversation ?? null;
  const unread = conversation?.unread ?? 0;
  useEffect(() => {
    if (!conversation || unread === 0) return;
    void readSupport(conversation.id, visitorToken).then(() => queryClient.invalidateQueries({ queryKey: supportUnreadKey }));
  }, [conversation, unread, visitorToken, queryClient]);

  const send = useCallback(
    async (content: string, image?: string) => {
      const showing = fresh || !conversation ? undefined : conversation.id;
      await sendSupport({ visitor_token: visitorToken, conversation_id: showing, content, image });
      // Read the new conversation before leaving the "fresh" view, so the closed one never flashes back.
      await refetch();
      setFresh(false);
    },
    [fresh, conversation, visitorToken, refetch],
  );

  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const data: SupportState | undefined = state.data;
  const showClosed = !fresh && conversation?.status === 'closed';
  return (
    <div className="support-panel" role="dialog" aria-label={t('support.title')} tabIndex={-1} ref={panelRef} data-testid="support-panel">
      <header className="support-panel__head">
        <div>
          <strong>{t('support.title')}</strong>
          <p className="support-panel__intro">{t('support.intro')}</p>
        </div>
        <button type="button" className="support-panel__close" onClick={onClose} aria-label={t('support.close')} data-testid="support-close">
          ×
        </button>
      </header>
      {!identity && (
        <VisitorGate
          onVerified={(pass) => {
            saveVisitor(pass);
            setVisitor(pass);
          }}
          onSignIn={() => {
            onClose();
            openLogin();
          }}
        />
      )}
      {identity && (
        <>
          {visitor && !token && <p className="support-panel__as">{t('support.visitor_as', { email: visitor.email })}</p>}
          {down && <p className="support-panel__down" role="status">{t('support.reconnecting')}</p>}
          <SupportThread
            messages={fresh ? [] : (data?.messages ?? [])}
            closed={showClosed}
            canAttach={Boolean(token)}
            onSend={send}
            onRestart={() => setFresh(true)}
          />
        </>
      )}
      <footer className="support-panel__foot">
        {data?.contact && (
          <details className="support-panel__contact" data-testid="support-contact">
            <summary>{t('support.contact')}</summary>
            <div className="support-panel__qrs">
              {data.contact.customer_service && (
                <figure>
                  <img src={mediaUrl(data.contact.customer_service)} alt={t('support.wecom')} width={120} height={120} />
                  <figcaption>{t('support.wecom')}</figcaption>
                </figure>
              )}
              {data.contact.official_account && (
                <figure>
                  <img src={mediaUrl(data.contact.official_account)} alt={t('support.official_account')} width={120} height={120} />
                  <figcaption>{t('support.official_account')}</figcaption>
                </figure>
              )}
            </div>
          </details>
        )}
        {token && (
          <LocaleLink to={`/user/opinion?from=${encodeURIComponent(location.pathname + location.search)}`} onClick={onClose} className="support-panel__feedback">
            {t('support.feedback_link')}
          </LocaleLink>
        )}
      </footer>
    </div>
  );
}
