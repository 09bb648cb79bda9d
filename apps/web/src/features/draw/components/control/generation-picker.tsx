import type { DrawGeneration } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { Choices, Field } from './field';

/** Text-to-image or image-to-image (spec §2 generation-picker), as the chosen model offers. */
export function GenerationPicker({ offered, value, onChange, disabled }: { offered: DrawGeneration[]; value: DrawGeneration; onChange: (g: DrawGeneration) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  if (offered.length < 2) return null;
  return (
    <Field label={t('draw.generation_label')}>
      <Choices
        name="draw-generation"
        testId="draw-generation"
        value={value}
        disabled={disabled}
        columns={2}
        onChange={(v) => onChange(v as DrawGeneration)}
        items={offered.map((g) => ({ value: g, label: t(`draw.generation.${g}`) }))}
      />
    </Field>
  );
}
