import type { FamilyPartProps } from './family-parts';
import { PictureSize } from './picture-size';

/** Stable Diffusion sizes: the channel's own list, or the contract's defaults. */
export function SdPictureSize({ model, form, set, disabled }: FamilyPartProps) {
  return <PictureSize sizes={model.sizes} value={form.size} onChange={(size) => set({ size })} testId="draw-size" disabled={disabled} />;
}
