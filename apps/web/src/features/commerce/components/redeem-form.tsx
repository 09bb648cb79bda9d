import { Alert, Button, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { isSignedIn, userKeys } from '@/lib/auth';
import { formatCount } from '@/lib/format';
import { isRequestError } from '@/lib/request';
import { useSiteConfig } from '@/lib/site-config';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
import { redeemCode } from '../api/redeem';
import { commerceKeys } from '../api/keys';

type Outcome = { ok: true; text: string } | { ok: false; text: string };

/**
 * Redeem a card code (spec §3 card_code). Used by /redeem_code, the redeem
 * part of /openvip and the redeem popup. The server's message explains an
 * unknown, used, expired or disabled code in the interface language.
 */
export function RedeemForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { config } = useSiteConfig();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async () => {
    if (!isSignedIn()) {
      openLogin(LOGIN_MODE.LOGIN);
      return;
    }
    if (!code.trim()) {
      setOutcome({ ok: false, text: t('msg.redeem_code_required') });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const { granted } = await redeemCode(code.trim());
      const parts = [
        granted.conversation_count > 0 && t('commerce.conversations', { count: formatCount(granted.conversation_count, locale) }),
        granted.word_count > 0 && t('commerce.words', { count: formatCount(granted.word_count, locale) }),
        granted.drawing_count > 0 && t('commerce.drawings', { count: formatCount(granted.drawing_count, locale) }),
        granted.package_id !== null && t('commerce.redeem_granted_package'),
      ].filter((x): x is string => Boolean(x));
      setOutcome({ ok: true, text: t('commerce.redeem_granted', { what: parts.join(' · ') }) });
      setCode('');
      void queryClient.invalidateQueries({ queryKey: userKeys.info });
      void queryClient.invalidateQueries({ queryKey: commerceKeys.all });
      onDone?.();
    } catch (e) {
      setOutcome({ ok: false, text: isRequestError(e) ? e.message : t('errors.server_error') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="redeem-form"
      data-testid="redeem-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="redeem-form__row">
        <Input
          size="large"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t('commerce.redeem_placeholder')}
          aria-label={t('commerce.redeem_placeholder')}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          data-testid="redeem-input"
        />
        <Button type="primary" size="large" htmlType="submit" loading={busy} data-testid="redeem-submit">
          {t('commerce.redeem_submit')}
        </Button>
      </div>
      {outcome && (
        <Alert
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          title={outcome.ok ? t('commerce.redeem_success') : outcome.text}
          description={outcome.ok ? outcome.text : undefined}
          data-testid={outcome.ok ? 'redeem-success' : 'redeem-error'}
        />
      )}
      {config.card_code.is_open && config.card_code.buy_link && (
        <a className="link-btn small" href={config.card_code.buy_link} target="_blank" rel="noopener">
          {t('commerce.redeem_buy')}
        </a>
      )}
    </form>
  );
}
