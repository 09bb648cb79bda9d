import { DRAW_FAMILIES, DRAW_STATUSES, type DrawFamily, type DrawStatus } from '@xueba/contract';
import type { RecordFilters } from '../api/draw-api';

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined => ((list as readonly string[]).includes(value ?? '') ? (value as T) : undefined);

/** The records' filters live in the URL, so back/forward and a reload keep them; unknown values fall back to "all". */
export function readFilters(params: URLSearchParams): RecordFilters {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    status: oneOf<DrawStatus>(DRAW_STATUSES, params.get('status')),
    family: oneOf<DrawFamily>(DRAW_FAMILIES, params.get('family')),
    selected: oneOf<'1' | '0'>(['1', '0'], params.get('selected')),
  };
}
