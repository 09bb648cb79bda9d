import type { ReactNode } from 'react';

/** One labelled part of the drawing form. */
export function Field({ label, children, hint, testId, htmlFor }: { label: string; children: ReactNode; hint?: ReactNode; testId?: string; htmlFor?: string }) {
  return (
    <div className="draw-field" data-testid={testId}>
      {htmlFor ? (
        <label className="draw-field__label" htmlFor={htmlFor}>
          {label}
        </label>
      ) : (
        <span className="draw-field__label">{label}</span>
      )}
      {children}
      {hint && <div className="draw-field__hint">{hint}</div>}
    </div>
  );
}

export interface ChoiceItem {
  value: string;
  label: ReactNode;
  /** Extra line under the label (a price). */
  note?: ReactNode;
}

/** Radio-like chips: native radio inputs, so keyboard and screen readers work without a widget library. */
export function Choices({ name, items, value, onChange, testId, disabled, columns }: { name: string; items: ChoiceItem[]; value: string; onChange: (value: string) => void; testId: string; disabled?: boolean; columns?: number }) {
  return (
    <div className="draw-choices" role="radiogroup" data-testid={testId} style={columns ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : undefined}>
      {items.map((item) => (
        <label key={item.value} className={`draw-choice${item.value === value ? ' is-active' : ''}`} data-testid={`${testId}-${item.value}`}>
          <input type="radio" name={name} value={item.value} checked={item.value === value} disabled={disabled} onChange={() => onChange(item.value)} />
          <span className="draw-choice__label">{item.label}</span>
          {item.note !== undefined && <span className="draw-choice__note">{item.note}</span>}
        </label>
      ))}
    </div>
  );
}
