import { useId, type ReactNode } from 'react';

/**
 * A segmented switch built on native radio buttons: arrow keys, Tab and screen
 * readers work as they do for any radio group, and the first screen of
 * /openvip does not have to load antd for it. Styled in commerce.css to match
 * the antd Segmented used elsewhere.
 */
export function Segmented<T extends string>({
  value,
  onChange,
  options,
  label,
  className,
}: {
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: ReactNode }[];
  /** The group's accessible name. */
  label?: string;
  className?: string;
}) {
  const name = useId();
  return (
    <div className={`segmented${className ? ` ${className}` : ''}`} role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <label key={o.value} className={`segmented__item${o.value === value ? ' is-active' : ''}`}>
          <input className="segmented__input" type="radio" name={name} value={o.value} checked={o.value === value} onChange={() => onChange(o.value)} />
          <span className="segmented__label">{o.label}</span>
        </label>
      ))}
    </div>
  );
}
