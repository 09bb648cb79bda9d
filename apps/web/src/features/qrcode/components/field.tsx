import { formParts } from '@/components/form-parts';

/** The QR form's labelled fields, their refusals and choice chips (`qr-field`, `qr-choices`). */
export const { Field, FieldError, Choices } = formParts('qr');
export type { ChoiceItem } from '@/components/form-parts';
