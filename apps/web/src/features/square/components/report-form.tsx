import { SQUARE_REPORT_REASON_MAX } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportItem } from '../api/square-api';

/** Report an item to the administrators, with a reason (the server says thanks or why not). */
export function ReportForm({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!reason.trim()) return;
    setSending(true);
    try {
      await reportItem(id, reason.trim());
      onDone();
    } catch {
      // The request layer shows the server's message (already reported, signed out…).
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      className="sq-report"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      data-testid="square-report-form"
    >
      <label className="sq-report__label" htmlFor="square-report-reason">
        {t('square.report_reason')}
      </label>
      <textarea
        id="square-report-reason"
        rows={3}
        maxLength={SQUARE_REPORT_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        placeholder={t('square.report_placeholder')}
        required
        data-testid="square-report-reason"
      />
      <div className="sq-report__actions">
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={sending || !reason.trim()} data-testid="square-report-send">
          {t('square.report_send')}
        </button>
      </div>
    </form>
  );
}
