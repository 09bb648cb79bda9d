import { useTranslation } from 'react-i18next';
import { Choices, Field } from './field';
import type { FamilyPartProps } from './family-parts';

/** dall-e-3's style: vivid (dramatic) or natural. */
export function Dalle3StylePicker({ model, form, set, disabled }: FamilyPartProps) {
  const { t } = useTranslation();
  if (model.styles.length === 0) return null;
  return (
    <Field label={t('draw.style')}>
      <Choices
        name="draw-dalle-style"
        testId="draw-dalle-style"
        value={form.style}
        disabled={disabled}
        columns={model.styles.length}
        onChange={(style) => set({ style })}
        items={model.styles.map((s) => {
          const key = `draw.style_value.${s}`;
          const text = t(key);
          return { value: s, label: text === key ? s : text };
        })}
      />
    </Field>
  );
}
