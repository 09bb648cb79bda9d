import type { ReactNode } from 'react';

export interface ChoiceItem {
  value: string;
  label: ReactNode;
  /** Extra line under the label (a price, a note). */
  note?: ReactNode;
}

interface FieldProps {
  label: ReactNode;
  children: ReactNode;
  hint?: ReactNode;
  testId?: string;
  htmlFor?: string;
}

interface ChoicesProps {
  name: string;
  items: ChoiceItem[];
  value: string;
  onChange: (value: string) => void;
  testId: string;
  disabled?: boolean;
  columns?: number;
}

/**
 * The plain form parts the drawing and QR forms share (no widget library on
 * those first screens), under each feature's own class prefix
 * (`<prefix>-field`, `<prefix>-choices`), which its stylesheet styles.
 */
export function formParts(prefix: string) {
  /** One labelled part of a form. */
  function Field({ label, children, hint, testId, htmlFor }: FieldProps) {
    return (
      <div className={`${prefix}-field`} data-testid={testId}>
        {htmlFor ? (
          <label className={`${prefix}-field__label`} htmlFor={htmlFor}>
            {label}
          </label>
        ) : (
          <span className={`${prefix}-field__label`}>{label}</span>
        )}
        {children}
        {hint && <div className={`${prefix}-field__hint`}>{hint}</div>}
      </div>
    );
  }

  /** A field's refusal, right under it. */
  function FieldError({ message, testId }: { message: string | undefined; testId?: string }) {
    if (!message) return null;
    return (
      <p className={`${prefix}-field__error`} role="alert" data-testid={testId}>
        {message}
      </p>
    );
  }

  /** Radio-like chips: native radio inputs, so keyboard and screen readers work without a widget library. */
  function Choices({ name, items, value, onChange, testId, disabled, columns }: ChoicesProps) {
    return (
      <div className={`${prefix}-choices`} role="radiogroup" data-testid={testId} style={columns ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : undefined}>
        {items.map((item) => (
          <label key={item.value} className={`${prefix}-choice${item.value === value ? ' is-active' : ''}`} data-testid={`${testId}-${item.value}`}>
            <input type="radio" name={name} value={item.value} checked={item.value === value} disabled={disabled} onChange={() => onChange(item.value)} />
            <span className={`${prefix}-choice__label`}>{item.label}</span>
            {item.note !== undefined && <span className={`${prefix}-choice__note`}>{item.note}</span>}
          </label>
        ))}
      </div>
    );
  }

  return { Field, FieldError, Choices };
}
