import { DRAW_FAMILIES, type DrawFamily, type DrawOptions } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { Choices, Field } from './field';

/** The model family (spec §2 model-picker): only families with an enabled channel are offered. */
export function ModelPicker({ options, value, onChange, disabled }: { options: DrawOptions; value: DrawFamily; onChange: (family: DrawFamily) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const offered = DRAW_FAMILIES.filter((f) => options.families.some((o) => o.family === f));
  return (
    <Field label={t('draw.family_label')}>
      <Choices
        name="draw-family"
        testId="draw-family"
        value={value}
        disabled={disabled}
        columns={Math.min(3, offered.length)}
        onChange={(v) => onChange(v as DrawFamily)}
        items={offered.map((f) => ({ value: f, label: t(`draw.family.${f}`), note: t(`draw.family_note.${f}`) }))}
      />
    </Field>
  );
}
