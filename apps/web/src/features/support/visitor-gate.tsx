import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sendVisitorCode, verifyVisitor, type VisitorPass } from './support-api';

/** A visitor proves an email with a code before writing to customer service. */
export function VisitorGate({ onVerified, onSignIn }: { onVerified: (pass: VisitorPass) => void; onSignIn: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (wait <= 0) return undefined;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const askCode = async () => {
    setBusy(true);
    try {
      const sent = await sendVisitorCode(email);
      setWait(sent.resend_after);
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };
  const verify = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const pass = await verifyVisitor(email, code);
      onVerified({ token: pass.visitor_token, email: pass.email });
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="support-visitor" onSubmit={verify} data-testid="support-visitor">
      <p>{t('support.visitor_intro')}</p>
      <label className="support-visitor__field">
        <span>{t('support.email')}</span>
        <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required data-testid="support-visitor-email" />
      </label>
      <div className="support-visitor__row">
        <label className="support-visitor__field">
          <span>{t('support.code')}</span>
          <input inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} maxLength={6} required data-testid="support-visitor-code" />
        </label>
        <button type="button" className="support-btn support-btn--ghost" disabled={busy || wait > 0 || !email} onClick={() => void askCode()} data-testid="support-visitor-send">
          {wait > 0 ? t('support.resend_in', { seconds: wait }) : t('support.send_code')}
        </button>
      </div>
      <button type="submit" className="support-btn" disabled={busy || code.length !== 6} data-testid="support-visitor-verify">
        {t('support.verify')}
      </button>
      <button type="button" className="support-link" onClick={onSignIn}>
        {t('support.or_sign_in')}
      </button>
    </form>
  );
}
