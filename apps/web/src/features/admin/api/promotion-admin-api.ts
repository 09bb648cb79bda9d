import type { COMMISSION_STATUSES, PromotionSettings, TaskInput, WITHDRAW_STATUSES } from '@xueba/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { request } from '@/lib/request';

export const promotionAdminKeys = {
  all: ['admin', 'promotion'] as const,
  tasks: ['admin', 'promotion', 'tasks'] as const,
  settings: ['admin', 'promotion', 'settings'] as const,
  commissions: (status: string, page: number) => ['admin', 'promotion', 'commissions', status, page] as const,
  withdrawals: (status: string, page: number) => ['admin', 'promotion', 'withdrawals', status, page] as const,
  audit: ['admin', 'promotion', 'audit'] as const,
};

export const adminTasksQuery = queryOptions({ queryKey: promotionAdminKeys.tasks, queryFn: ({ signal }) => request(api.adminTasks, undefined, { signal }), staleTime: 0 });
export const saveTask = (id: number | undefined, task: TaskInput) => request(api.adminTaskSave, { id, task });

export const promotionSettingsQuery = queryOptions({ queryKey: promotionAdminKeys.settings, queryFn: ({ signal }) => request(api.adminPromotionSettings, undefined, { signal }), staleTime: 0 });
export const savePromotionSettings = (settings: PromotionSettings) => request(api.adminPromotionSettingsSave, settings);

export const commissionsQuery = (status: '' | (typeof COMMISSION_STATUSES)[number], page: number, pageSize = 20) =>
  queryOptions({ queryKey: promotionAdminKeys.commissions(status, page), queryFn: ({ signal }) => request(api.adminCommissions, { status: status || undefined, page_no: page, page_size: pageSize }, { signal }) });

export const withdrawalsAdminQuery = (status: '' | (typeof WITHDRAW_STATUSES)[number], page: number, pageSize = 20) =>
  queryOptions({ queryKey: promotionAdminKeys.withdrawals(status, page), queryFn: ({ signal }) => request(api.adminWithdrawals, { status: status || undefined, page_no: page, page_size: pageSize }, { signal }) });

export const approveWithdrawal = (id: number) => request(api.adminWithdrawApprove, { id });
export const rejectWithdrawal = (id: number, reason: string) => request(api.adminWithdrawReject, { id, reason });
export const markWithdrawalPaid = (id: number) => request(api.adminWithdrawPaid, { id });

/** Runs the audit on demand (it reads every balance), so it is a query only fetched when asked. */
export const ledgerAuditQuery = queryOptions({ queryKey: promotionAdminKeys.audit, queryFn: ({ signal }) => request(api.ledgerAudit, undefined, { signal }), enabled: false, staleTime: 0 });
