import { Button } from 'antd';
import type { CodeScene } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCode, type CodeChannel } from '../api/auth-api';
import { useCountdown } from '../hooks/use-countdown';

export const CODE_COUNTDOWN_SECONDS = 60;

/**
 * Spec §4: "get code", then a countdown of x seconds, then "retry".
 * `validate` checks the email/mobile field first and returns its value, or null.
 */
export function CodeButton({ channel, scene, validate }: { channel: CodeChannel; scene: CodeScene; validate: () => Promise<string | null> }) {
  const { t } = useTranslation();
  const [until, setUntil] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  const left = useCountdown(until);

  const send = async () => {
    const target = await validate();
    if (!target) return;
    setSending(true);
    try {
      const resendAfter = await sendCode(channel, target, scene);
      setSentOnce(true);
      setUntil(Date.now() + (resendAfter > 0 ? resendAfter : CODE_COUNTDOWN_SECONDS) * 1000);
    } catch {
      // The request layer already showed the server's reason (too frequent, daily cap, ...).
    } finally {
      setSending(false);
    }
  };

  const label = left > 0 ? t('auth.code_countdown', { seconds: left }) : sentOnce ? t('auth.code_retry') : t('auth.get_code');
  return (
    <Button onClick={() => void send()} disabled={left > 0} loading={sending} data-testid="code-button" className="code-button">
      {label}
    </Button>
  );
}
