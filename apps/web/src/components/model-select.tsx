import type { PublicModel } from '@xueba/contract';
import { useTranslation } from 'react-i18next';

/** How a model is billed, in words a user understands (members pay nothing, spec §6). */
export function billingLabel(model: PublicModel, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (model.channel === 'offline' || model.billing.price === 0) return t('ai.billing_free');
  return model.billing.mode === 'per_answer' ? t('ai.billing_per_answer', { price: model.billing.price }) : t('ai.billing_per_1k', { price: model.billing.price });
}

/**
 * A native select of the models the server offers. Native on purpose: it is
 * accessible, works on phones, and costs no JS on pages that must stay light.
 */
export function ModelSelect({
  models,
  value,
  onChange,
  testId,
  label,
  disabled,
}: {
  models: PublicModel[];
  value: string;
  onChange: (key: string) => void;
  testId: string;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <label className="model-select">
      <span className="sr-only">{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} disabled={disabled} title={label}>
        {models.map((m) => (
          <option key={m.key} value={m.key}>
            {m.name} · {billingLabel(m, t)}
          </option>
        ))}
      </select>
    </label>
  );
}
