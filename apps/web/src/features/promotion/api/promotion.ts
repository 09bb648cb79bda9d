import { PROMOTION_POSTER_PATH, type WITHDRAW_METHODS } from '@xueba/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { request } from '@/lib/request';
import { requestContext } from '@/lib/request/context';
import { promotionKeys } from './keys';

export const inviteQuery = queryOptions({ queryKey: promotionKeys.invite, queryFn: ({ signal }) => request(api.invite, {}, { signal, silent: true }) });

export const summaryQuery = queryOptions({ queryKey: promotionKeys.summary, queryFn: ({ signal }) => request(api.promotionSummary, undefined, { signal, silent: true }) });

export const inviteesQuery = (page: number, pageSize = 10) =>
  queryOptions({ queryKey: promotionKeys.invitees(page), queryFn: ({ signal }) => request(api.promotionInvitees, { page_no: page, page_size: pageSize }, { signal }) });

export const commissionOrdersQuery = (page: number, pageSize = 10) =>
  queryOptions({ queryKey: promotionKeys.orders(page), queryFn: ({ signal }) => request(api.promotionOrders, { page_no: page, page_size: pageSize }, { signal }) });

export const withdrawalsQuery = (page: number, pageSize = 10) =>
  queryOptions({ queryKey: promotionKeys.withdrawals(page), queryFn: ({ signal }) => request(api.withdrawLists, { page_no: page, page_size: pageSize }, { signal }) });

export const applyWithdrawal = (body: { amount: number; method: (typeof WITHDRAW_METHODS)[number]; name: string; account: string }) => request(api.withdrawApply, body, { silent: true });

/** The poster is an image the server draws (with the promoter's QR code), addressed by the public share id. */
export const posterUrl = (shareId: string) => requestContext.apiUrl(`${PROMOTION_POSTER_PATH}?share_id=${encodeURIComponent(shareId)}`);
