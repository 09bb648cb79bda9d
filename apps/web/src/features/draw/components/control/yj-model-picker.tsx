import { useTranslation } from 'react-i18next';
import type { FamilyPartProps } from './family-parts';
import { ModelSelectField } from './model-select-field';

/** The YJ engines the channel offers. */
export function YjModelPicker({ models, form, set, disabled }: FamilyPartProps) {
  const { t } = useTranslation();
  return <ModelSelectField label={t('draw.yj_model')} models={models} value={form.model} onChange={(model) => set({ model })} testId="draw-model" disabled={disabled} />;
}
