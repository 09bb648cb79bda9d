import { isRequestError } from '@/lib/request';

/** A refusal of the form: the field it is about (the server's dotted `data.field`), or null for the form as a whole. */
export interface FormError {
  field: string | null;
  message: string;
}

/** Refusals that belong to one control even when the server names no field. */
const KEY_FIELDS: Record<string, string> = {
  qrcode_logo_too_large: 'logo',
  qrcode_image_invalid: 'logo',
  qrcode_color_invalid: 'fg',
};

export function formErrorOf(error: unknown, fallback: string): FormError {
  if (!isRequestError(error)) return { field: null, message: fallback };
  const data = error.data;
  const named = data && typeof data === 'object' && 'field' in data && typeof data.field === 'string' ? data.field : null;
  return { field: named ?? (error.key ? (KEY_FIELDS[error.key] ?? null) : null), message: error.message || fallback };
}

/** The message for one field (`data.ssid`), if the refusal is about it. */
export function errorFor(error: FormError | null, field: string): string | undefined {
  return error && error.field === field ? error.message : undefined;
}
