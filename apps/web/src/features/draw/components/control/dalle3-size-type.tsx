import { useTranslation } from 'react-i18next';
import { Choices, Field } from './field';
import type { FamilyPartProps } from './family-parts';

const label = (t: (k: string) => string, group: 'quality' | 'background', value: string) => {
  const key = `draw.${group}_value.${value}`;
  const text = t(key);
  return text === key ? value : text;
};

/** Quality (dall-e-3 standard/hd; gpt-image-1 low/medium/high) and, for gpt-image-1, the background. */
export function Dalle3SizeType({ model, form, set, disabled }: FamilyPartProps) {
  const { t } = useTranslation();
  return (
    <>
      {model.qualities.length > 0 && (
        <Field label={t('draw.quality')}>
          <Choices
            name="draw-quality"
            testId="draw-quality"
            value={form.quality}
            disabled={disabled}
            columns={model.qualities.length}
            onChange={(quality) => set({ quality })}
            items={model.qualities.map((q) => ({ value: q, label: label(t, 'quality', q) }))}
          />
        </Field>
      )}
      {model.backgrounds.length > 0 && (
        <Field label={t('draw.background')}>
          <Choices
            name="draw-background"
            testId="draw-background"
            value={form.background}
            disabled={disabled}
            columns={model.backgrounds.length}
            onChange={(background) => set({ background })}
            items={model.backgrounds.map((b) => ({ value: b, label: label(t, 'background', b) }))}
          />
        </Field>
      )}
    </>
  );
}
