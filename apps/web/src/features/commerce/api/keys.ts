/** Query keys of the commerce feature, so a payment or a redemption can invalidate exactly what it changes. */
export const commerceKeys = {
  all: ['commerce'] as const,
  packages: (type: 'member' | 'recharge', kind?: string) => [...commerceKeys.all, 'packages', type, kind ?? ''] as const,
  detail: (id: number) => [...commerceKeys.all, 'package', id] as const,
  order: (orderNo: string) => [...commerceKeys.all, 'order', orderNo] as const,
  orders: (page: number) => [...commerceKeys.all, 'orders', page] as const,
};
