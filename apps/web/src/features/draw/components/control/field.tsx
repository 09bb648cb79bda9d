import { formParts } from '@/components/form-parts';

/** The drawing form's labelled fields and choice chips (`draw-field`, `draw-choices`). */
export const { Field, Choices } = formParts('draw');
export type { ChoiceItem } from '@/components/form-parts';
