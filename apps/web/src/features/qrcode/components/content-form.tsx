import { QR_CONTENT_TYPES, type QrContentType } from '@xueba/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TYPE_FIELDS, type TypeFields } from '../lib/qr-form';
import { errorFor, type FormError } from '../lib/form-error';
import { Choices, FieldError } from './field';

/** Fields written over several lines. */
const LONG = new Set(['text', 'body', 'note', 'address']);
/** The label key of a field that reads differently in one type. */
const labelKey = (type: QrContentType, name: string): string => (type === 'vcard' && name === 'url' ? 'website' : type === 'sms' && name === 'body' ? 'sms_body' : name);
const inputType = (name: string): string => (name === 'url' ? 'url' : name === 'email' || name === 'to' ? 'email' : name === 'phone' ? 'tel' : 'text');

interface Props {
  type: QrContentType;
  values: TypeFields;
  onType: (type: QrContentType) => void;
  onChange: (name: string, value: string | boolean) => void;
  error: FormError | null;
  disabled?: boolean;
}

/** custom-code-type: what the code holds, and the small form of that type. */
export function ContentForm({ type, values, onType, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="qr-content" data-testid="qr-content">
      <Choices name={`${id}-type`} testId="qr-type" value={type} onChange={(v) => onType(v as QrContentType)} items={QR_CONTENT_TYPES.map((v) => ({ value: v, label: t(`qrcode.type.${v}`) }))} disabled={disabled} />
      <div className={`qr-content__fields qr-content__fields--${type}`}>
        {TYPE_FIELDS[type].map((name) => {
          const fieldId = `${id}-${name}`;
          const message = errorFor(error, `data.${name}`);
          const value = values[name];
          const label = t(`qrcode.field.${labelKey(type, name)}`);
          if (name === 'hidden')
            return (
              <label key={name} className="qr-check">
                <input type="checkbox" checked={value === true} onChange={(e) => onChange(name, e.target.checked)} disabled={disabled} data-testid="qr-field-hidden" />
                {label}
              </label>
            );
          if (name === 'encryption')
            return (
              <div key={name} className="qr-input">
                <label htmlFor={fieldId}>{label}</label>
                <select id={fieldId} value={String(value)} onChange={(e) => onChange(name, e.target.value)} disabled={disabled} data-testid="qr-field-encryption">
                  {(['WPA', 'WEP', 'nopass'] as const).map((e) => (
                    <option key={e} value={e}>
                      {t(`qrcode.encryption.${e}`)}
                    </option>
                  ))}
                </select>
              </div>
            );
          if (name === 'password' && values.encryption === 'nopass') return null;
          const common = {
            id: fieldId,
            value: typeof value === 'string' ? value : '',
            disabled,
            'aria-invalid': message ? true : undefined,
            'data-testid': `qr-field-${name}`,
          } as const;
          return (
            <div key={name} className={`qr-input${LONG.has(name) ? ' qr-input--wide' : ''}`}>
              <label htmlFor={fieldId}>{label}</label>
              {LONG.has(name) ? (
                <textarea {...common} rows={name === 'text' ? 4 : 2} onChange={(e) => onChange(name, e.target.value)} />
              ) : (
                <input
                  {...common}
                  type={name === 'password' ? 'text' : inputType(name)}
                  autoComplete="off"
                  placeholder={name === 'url' || name === 'phone' || name === 'email' ? t(`qrcode.placeholder.${name}`) : undefined}
                  onChange={(e) => onChange(name, e.target.value)}
                />
              )}
              <FieldError message={message} testId={`qr-error-${name}`} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
