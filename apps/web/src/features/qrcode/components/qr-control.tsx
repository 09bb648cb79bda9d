import { QR_GENERATION_MODES, type QrMode, type QrOptions } from '@xueba/contract';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { useQrWorkspace } from '../hooks/use-qr-workspace';
import { aiCost } from '../lib/qr-form';
import { AiControl, AiDisabled } from './ai-control';
import { ContentForm } from './content-form';
import { DecodeUpload } from './decode-upload';
import { Choices } from './field';
import { StyledControl } from './styled-control';

/** Fields the form shows a refusal under; any other refusal is shown under the whole form. */
const SHOWN = new Set(['fg', 'fg2', 'bg', 'logo', 'background_image', 'prompt', 'reference_image']);
const shownUnderField = (field: string | null): boolean => field !== null && (field.startsWith('data.') || SHOWN.has(field));

/** Sticky under the form: the refusal of the last try stays beside the button the user just pressed. */
function Footer({ options, w, children }: { options: QrOptions; w: ReturnType<typeof useQrWorkspace>; children: ReactNode }) {
  const { t } = useTranslation();
  const ai = w.form.mode === 'ai';
  const cost = ai ? aiCost(options, w.form) : null;
  const short = ai && options.balance !== null && cost !== null && options.balance < cost;
  const free = options.free;
  const disabled = w.busy || (ai && !options.ai.enabled);
  return (
    <div className="qr-control__footer">
      {children}
      <p className="muted small" data-testid={ai ? 'qr-cost' : 'qr-free'}>
        {ai
          ? [cost !== null ? t('qrcode.cost', { count: cost }) : null, options.balance !== null ? t('qrcode.balance', { count: options.balance }) : null].filter(Boolean).join(' · ')
          : free.unlimited
            ? t('qrcode.free_unlimited')
            : t('qrcode.free_left', { left: Math.max(0, free.limit - free.used), limit: free.limit })}
        {short && <span className="qr-short"> · {t('qrcode.balance_short')}</span>}
      </p>
      <button type="button" className="btn btn--primary qr-submit" onClick={w.submit} disabled={disabled} data-testid="qr-submit">
        {ai ? (w.busy ? t('qrcode.ai_submitting') : t('qrcode.ai_submit')) : w.busy ? t('qrcode.making') : t('qrcode.make')}
      </button>
    </div>
  );
}

/** The control side of the page: generation-mode, the content, the mode's own parts, the refusal and the button. */
export function QrControl({ options, w }: { options: QrOptions; w: ReturnType<typeof useQrWorkspace> }) {
  const { t } = useTranslation();
  const id = useId();
  const { form, set, error, busy } = w;
  const refusal = error && !shownUnderField(error.field) ? error : null;
  const look = { options, form, set, error, disabled: busy };
  return (
    <section className="qr-control card" aria-label={t('qrcode.title')} data-testid="qr-control">
      <Choices
        name={`${id}-mode`}
        testId="qr-mode"
        value={form.mode}
        onChange={(v) => set({ mode: v as QrMode })}
        items={QR_GENERATION_MODES.map((m) => ({ value: m, label: t(`qrcode.mode.${m}`), note: t(`qrcode.mode_note.${m}`) }))}
        columns={2}
      />
      <h2 className="qr-control__heading">{t('qrcode.type_label')}</h2>
      <ContentForm
        type={form.type}
        values={form.fields[form.type]}
        onType={(type) => set({ type })}
        onChange={w.setField}
        error={error}
        disabled={busy}
      />
      <DecodeUpload onDecoded={w.onDecoded} disabled={busy} />
      {form.mode === 'styled' ? (
        <StyledControl {...look} requireSignIn={w.requireUpload} />
      ) : options.ai.enabled ? (
        <AiControl {...look} requireSignIn={w.requireUpload} />
      ) : (
        <AiDisabled admin={w.isAdmin} />
      )}
      <Footer options={options} w={w}>
        {refusal && (
          <div className="qr-refusal" role="alert" data-testid="qr-refusal">
            <p className="qr-refusal__title">{t('qrcode.refused_title')}</p>
            <p data-testid="qr-refusal-text">{refusal.message}</p>
          </div>
        )}
      </Footer>
    </section>
  );
}
