import { SQUARE_POSTER_PATH, type DrawFamily } from '@xueba/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { request } from '@/lib/request';
import { requestContext } from '@/lib/request/context';

export const SQUARE_PAGE_SIZE = 24;

export const squareKeys = {
  all: ['square'] as const,
  list: (mine: boolean, family: DrawFamily | null) => ['square', 'list', mine ? 'mine' : 'all', family ?? 'any'] as const,
  detail: (id: number) => ['square', 'detail', id] as const,
};

/** Published items (or, with `mine`, the signed-in user's in any status), a page at a time for "load more". */
export const squareListQuery = (mine: boolean, family: DrawFamily | null) =>
  infiniteQueryOptions({
    queryKey: squareKeys.list(mine, family),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      request(api.squareList, { page_no: pageParam, page_size: SQUARE_PAGE_SIZE, mine: mine ? '1' : undefined, family: family ?? undefined }, { signal, silent: true }),
    getNextPageParam: (last) => (last.page_no * last.page_size < last.count ? last.page_no + 1 : undefined),
  });

export const squareDetailQuery = (id: number) =>
  queryOptions({
    queryKey: squareKeys.detail(id),
    queryFn: ({ signal }) => request(api.squareDetail, { id }, { signal, silent: true }),
    retry: false,
  });

export const reportItem = (id: number, reason: string) => request(api.squareReport, { id, reason });
export const unpublishItem = (id: number) => request(api.squareUnpublish, { id });

/** The poster is a PNG the server draws (the picture and a QR code of the share link). */
export const posterUrl = (id: number) => requestContext.apiUrl(`${SQUARE_POSTER_PATH}?id=${id}`);
