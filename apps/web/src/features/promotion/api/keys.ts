/** Query keys of tasks, invitations and the distribution programme. */
export const promotionKeys = {
  all: ['promotion'] as const,
  tasks: (locale: string) => ['promotion', 'tasks', locale] as const,
  invite: ['promotion', 'invite'] as const,
  summary: ['promotion', 'summary'] as const,
  invitees: (page: number) => ['promotion', 'invitees', page] as const,
  orders: (page: number) => ['promotion', 'orders', page] as const,
  withdrawals: (page: number) => ['promotion', 'withdrawals', page] as const,
};
