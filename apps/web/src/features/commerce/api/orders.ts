import type { PAY_GATEWAYS } from '@xueba/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { request } from '@/lib/request';
import { commerceKeys } from './keys';

/** Never retried by the request layer (not idempotent): a timed-out create must not make two orders. */
export const createOrder = (body: { package_id: number; kind: 'member' | 'recharge'; gateway: (typeof PAY_GATEWAYS)[number] }) => request(api.createOrder, body, { silent: true });

/** Not retried either: "continue paying" asks the provider again, "cancel" closes the order. */
export const payOrder = (orderNo: string) => request(api.orderPay, { order_no: orderNo });
export const cancelOrder = (orderNo: string) => request(api.orderCancel, { order_no: orderNo });

/** States after which polling stops: nothing more will happen to the order by itself. */
export const FINAL_STATUSES = new Set(['fulfilled', 'closed', 'paid_after_close']);

export const orderDetailQuery = (orderNo: string) =>
  queryOptions({
    queryKey: commerceKeys.order(orderNo),
    queryFn: ({ signal }) => request(api.orderDetail, { order_no: orderNo }, { signal, silent: true, background: true }),
  });

export const ordersQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: commerceKeys.orders(page),
    queryFn: ({ signal }) => request(api.orderLists, { page_no: page, page_size: pageSize }, { signal }),
  });
