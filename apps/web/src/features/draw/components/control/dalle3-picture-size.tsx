import type { FamilyPartProps } from './family-parts';
import { PictureSize } from './picture-size';

/** Sizes of the OpenAI Images models (dall-e-3: square, wide, tall; gpt-image-1 its own three). */
export function Dalle3PictureSize({ model, form, set, disabled }: FamilyPartProps) {
  return <PictureSize sizes={model.sizes} value={form.size} onChange={(size) => set({ size })} testId="draw-size" disabled={disabled} />;
}
