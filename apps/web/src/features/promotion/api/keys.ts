/** Query keys of invitations and the distribution programme (the daily tasks have their own, in the tasks feature). */
export const promotionKeys = {
  all: ['promotion'] as const,
  invite: ['promotion', 'invite'] as const,
  summary: ['promotion', 'summary'] as const,
  invitees: (page: number) => ['promotion', 'invitees', page] as const,
  orders: (page: number) => ['promotion', 'orders', page] as const,
  withdrawals: (page: number) => ['promotion', 'withdrawals', page] as const,
};
