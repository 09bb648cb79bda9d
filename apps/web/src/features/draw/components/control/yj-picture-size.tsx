import { useTranslation } from 'react-i18next';
import type { FamilyPartProps } from './family-parts';
import { PictureSize } from './picture-size';

/** YJ draws by aspect ratio (`1:1`, `3:4`…), not pixels. */
export function YjPictureSize({ model, form, set, disabled }: FamilyPartProps) {
  const { t } = useTranslation();
  return <PictureSize label={t('draw.ratio')} sizes={model.sizes} value={form.size} onChange={(size) => set({ size })} testId="draw-size" disabled={disabled} />;
}
