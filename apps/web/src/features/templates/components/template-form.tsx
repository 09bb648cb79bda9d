import { charCount, type Template } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Values = Record<string, string>;

/** Which required fields are empty (spec §5: required fields cannot be empty); whitespace alone counts as empty. */
export function missingFields(template: Template, values: Values): string[] {
  return template.fields.filter((f) => f.required && !(values[f.name] ?? '').trim()).map((f) => f.name);
}

/** Which text fields are longer than their limit, counted as the server counts (code points of the trimmed text). */
export function longFields(template: Template, values: Values): string[] {
  return template.fields.filter((f) => f.type !== 'select' && charCount((values[f.name] ?? '').trim()) > f.max_length).map((f) => f.name);
}

/** The form of a template, built from its fields (text, textarea, select) with their limits. */
export function TemplateForm({ template, busy, onSubmit }: { template: Template; busy: boolean; onSubmit: (values: Values) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => Object.fromEntries(template.fields.map((f) => [f.name, f.type === 'select' ? (f.options[0]?.value ?? '') : ''])));
  const [errors, setErrors] = useState<string[]>([]);
  const [tooLong, setTooLong] = useState<string[]>([]);
  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors.includes(name) && value.trim()) setErrors((e) => e.filter((n) => n !== name));
    if (tooLong.includes(name)) setTooLong((e) => e.filter((n) => n !== name));
  };

  return (
    <form
      className="panel template-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const missing = missingFields(template, values);
        const long = longFields(template, values);
        setErrors(missing);
        setTooLong(long);
        if (missing.length === 0 && long.length === 0) onSubmit(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])));
      }}
      data-testid="template-form"
    >
      <h1 className="template-form__title">{template.name}</h1>
      {template.description && <p className="muted">{template.description}</p>}
      {template.fields.map((f) => {
        const id = `tf-${f.name}`;
        const invalid = errors.includes(f.name) || tooLong.includes(f.name);
        const length = charCount(values[f.name] ?? '');
        // No native maxLength: it counts UTF-16 units and silently cuts a long paste; the count turns red and submit explains instead.
        const common = {
          id,
          name: f.name,
          value: values[f.name] ?? '',
          placeholder: f.placeholder,
          'aria-invalid': invalid,
          'aria-describedby': invalid ? `${id}-err` : undefined,
          'data-testid': `field-${f.name}`,
        };
        return (
          <div key={f.name} className={`form-field${invalid ? ' has-error' : ''}`}>
            <label htmlFor={id}>
              {f.label}
              {f.required && (
                <span className="req" aria-hidden="true">
                  *
                </span>
              )}
            </label>
            {f.type === 'textarea' ? (
              <textarea {...common} rows={6} onChange={(e) => set(f.name, e.target.value)} />
            ) : f.type === 'select' ? (
              <select id={id} name={f.name} value={values[f.name] ?? ''} onChange={(e) => set(f.name, e.target.value)} data-testid={`field-${f.name}`}>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input {...common} type="text" onChange={(e) => set(f.name, e.target.value)} />
            )}
            {f.type !== 'select' && (
              <span className={`form-field__count${length > f.max_length ? ' is-over' : ''}`}>
                {length} / {f.max_length}
              </span>
            )}
            {invalid && (
              <span className="form-field__error" id={`${id}-err`} role="alert" data-testid={`field-error-${f.name}`}>
                {errors.includes(f.name) ? t('msg.required_field_empty', { field: f.label }) : t('msg.field_too_long', { field: f.label, max: f.max_length })}
              </span>
            )}
          </div>
        );
      })}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy} data-testid="produce-submit">
        {t('create.generate')}
      </button>
      <p className="muted small" data-testid="produce-hint">
        {t('create.hint_10s')}
      </p>
    </form>
  );
}
