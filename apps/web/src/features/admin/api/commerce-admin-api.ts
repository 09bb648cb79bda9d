import type { ORDER_STATUSES } from '@xueba/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type ApiBody } from '@/lib/api';
import { request } from '@/lib/request';
import { baseHeaders, requestContext } from '@/lib/request/context';

export const commerceAdminKeys = {
  all: ['admin', 'commerce'] as const,
  packages: (type: 'member' | 'recharge') => ['admin', 'commerce', 'packages', type] as const,
  orders: (filters: object) => ['admin', 'commerce', 'orders', filters] as const,
  notifications: (orderNo: string, page: number) => ['admin', 'commerce', 'notifications', orderNo, page] as const,
  batches: (page: number) => ['admin', 'commerce', 'batches', page] as const,
  codes: (batchId: number, page: number) => ['admin', 'commerce', 'codes', batchId, page] as const,
};

export const adminPackagesQuery = (type: 'member' | 'recharge') =>
  queryOptions({ queryKey: commerceAdminKeys.packages(type), queryFn: ({ signal }) => request(api.adminPackages, { type }, { signal }), staleTime: 0 });

export const savePackage = (body: ApiBody<'adminPackageSave'>) => request(api.adminPackageSave, body);
export const setPackageEnabled = (id: number, enabled: boolean) => request(api.adminPackageSetEnabled, { id, enabled });

export interface OrderFilters {
  order_no: string;
  user_id: number | null;
  status: '' | (typeof ORDER_STATUSES)[number];
  page: number;
}

export const adminOrdersQuery = (f: OrderFilters, pageSize = 20) =>
  queryOptions({
    queryKey: commerceAdminKeys.orders(f),
    queryFn: ({ signal }) =>
      request(api.adminOrders, { order_no: f.order_no || undefined, user_id: f.user_id ?? undefined, status: f.status || undefined, page_no: f.page, page_size: pageSize }, { signal }),
  });

/** Refunds an order: the server takes back what it granted and answers what it took (and what it could not). */
export const refundOrder = (orderNo: string, reason: string) => request(api.adminOrderRefund, { order_no: orderNo, reason });

export const notificationsQuery = (orderNo: string, page: number, pageSize = 20) =>
  queryOptions({
    queryKey: commerceAdminKeys.notifications(orderNo, page),
    queryFn: ({ signal }) => request(api.adminOrderNotifications, { order_no: orderNo || undefined, page_no: page, page_size: pageSize }, { signal }),
  });

export const redeemBatchesQuery = (page: number, pageSize = 20) =>
  queryOptions({ queryKey: commerceAdminKeys.batches(page), queryFn: ({ signal }) => request(api.adminRedeemBatches, { page_no: page, page_size: pageSize }, { signal }) });

export const redeemCodesQuery = (batchId: number, page: number, pageSize = 20) =>
  queryOptions({
    queryKey: commerceAdminKeys.codes(batchId, page),
    queryFn: ({ signal }) => request(api.adminRedeemCodes, { batch_id: batchId, page_no: page, page_size: pageSize }, { signal }),
  });

export const generateBatch = (body: ApiBody<'adminRedeemBatch'>) => request(api.adminRedeemBatch, body);
export const disableRedeem = (body: ApiBody<'adminRedeemDisable'>) => request(api.adminRedeemDisable, body);

/**
 * The CSV export is a plain download, not an envelope, and needs the token
 * header (decision 0003: no cookie auth), so it is fetched and saved as a blob.
 */
export async function downloadBatchCsv(batchId: number): Promise<void> {
  const response = await requestContext.fetch(requestContext.apiUrl(`/admin/redeem/export?batch_id=${batchId}`), { headers: baseHeaders() });
  if (!response.ok) throw new Error(response.statusText || String(response.status));
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `redeem-batch-${batchId}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
