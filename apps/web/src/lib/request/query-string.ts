export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean | null | undefined>;

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** Spec §5: null, '' and undefined are skipped; arrays repeat their key. Returns '' or '?a=1&b=2'. */
export function buildQuery(params: object | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as [string, QueryValue][]) {
    if (Array.isArray(value)) {
      for (const item of value) if (!isEmpty(item)) search.append(key, String(item));
    } else if (!isEmpty(value)) {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export type FormFieldValue = string | number | boolean | Blob | null | undefined | ReadonlyArray<string | number | boolean | Blob>;

/** Multipart body for uploads: arrays go as `field[]` entries (spec §5), empty values are skipped. */
export function toFormData(fields: Record<string, FormFieldValue>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) {
      for (const item of value as ReadonlyArray<string | number | boolean | Blob>) {
        form.append(`${key}[]`, item instanceof Blob ? item : String(item));
      }
    } else if (value instanceof Blob) {
      form.append(key, value);
    } else if (!isEmpty(value)) {
      form.append(key, String(value));
    }
  }
  return form;
}
