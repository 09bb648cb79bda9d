import type { ReactNode } from 'react';

/** One labelled part of the QR form. */
export function Field({ label, children, hint, testId, htmlFor }: { label: ReactNode; children: ReactNode; hint?: ReactNode; testId?: string; htmlFor?: string }) {
  return (
    <div className="qr-field" data-testid={testId}>
      {htmlFor ? (
        <label className="qr-field__label" htmlFor={htmlFor}>
          {label}
        </label>
      ) : (
        <span className="qr-field__label">{label}</span>
      )}
      {children}
      {hint && <div className="qr-field__hint">{hint}</div>}
    </div>
  );
}

/** A field's refusal, right under it. */
export function FieldError({ message, testId }: { message: string | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p className="qr-field__error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}

export interface ChoiceItem {
  value: string;
  label: ReactNode;
  /** Extra line under the label (a price, a note). */
  note?: ReactNode;
}

/** Radio-like chips: native radio inputs, so keyboard and screen readers work without a widget library. */
export function Choices({ name, items, value, onChange, testId, disabled, columns }: { name: string; items: ChoiceItem[]; value: string; onChange: (value: string) => void; testId: string; disabled?: boolean; columns?: number }) {
  return (
    <div className="qr-choices" role="radiogroup" data-testid={testId} style={columns ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : undefined}>
      {items.map((item) => (
        <label key={item.value} className={`qr-choice${item.value === value ? ' is-active' : ''}`} data-testid={`${testId}-${item.value}`}>
          <input type="radio" name={name} value={item.value} checked={item.value === value} disabled={disabled} onChange={() => onChange(item.value)} />
          <span className="qr-choice__label">{item.label}</span>
          {item.note !== undefined && <span className="qr-choice__note">{item.note}</span>}
        </label>
      ))}
    </div>
  );
}
