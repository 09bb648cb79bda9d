import { useTranslation } from 'react-i18next';
import type { FamilyPartProps } from './family-parts';
import { ModelSelectField } from './model-select-field';

/** The Stable Diffusion checkpoints the channel lists (its WebUI's `/sdapi/v1/sd-models`). */
export function SdModelPicker({ models, form, set, disabled }: FamilyPartProps) {
  const { t } = useTranslation();
  return <ModelSelectField label={t('draw.sd_model')} models={models} value={form.model} onChange={(model) => set({ model })} testId="draw-model" disabled={disabled} />;
}
