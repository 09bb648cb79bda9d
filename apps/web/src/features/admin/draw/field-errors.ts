import { isRequestError } from '@/lib/request';

/** Message keys whose refusal is about one field of the channel form, whatever path the server named. */
const KEY_FIELDS: Record<string, string> = {
  draw_size_invalid: 'offers',
  draw_model_unavailable: 'offers',
};

/**
 * The form field a server refusal is about: the `data.field` a validation
 * failure names (`base_url`, `offers.3.price` → `offers`), or the field a
 * known key belongs to; null when the refusal is not about one field (the
 * toast says it all).
 */
export function fieldOfError<F extends string>(error: unknown, fields: readonly F[]): F | null {
  if (!isRequestError(error) || !error.key) return null;
  const data = error.data;
  const named = data && typeof data === 'object' && 'field' in data && typeof data.field === 'string' ? data.field : null;
  const top = named?.split('.')[0] ?? null;
  const known = (name: string | null | undefined): F | null => fields.find((f) => f === name) ?? null;
  return known(top) ?? known(KEY_FIELDS[error.key]);
}

/** The row of `offers.<n>.…` a validation failure names, else null. */
export function offerRowOfError(error: unknown): number | null {
  if (!isRequestError(error)) return null;
  const data = error.data;
  const named = data && typeof data === 'object' && 'field' in data && typeof data.field === 'string' ? data.field : '';
  const match = /^offers\.(\d+)(?:\.|$)/.exec(named);
  return match ? Number(match[1]) : null;
}
