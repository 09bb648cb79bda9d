import type { FeedbackCategory, FeedbackStatus } from '@xueba/contract';
import { api } from '@/lib/api';
import { request } from '@/lib/request';

export interface FeedbackFilter {
  page_no: number;
  status?: FeedbackStatus;
  category?: FeedbackCategory;
  keyword?: string;
}

export const feedbackAdminKeys = { all: ['admin', 'feedback'] as const };
export const listFeedback = (filter: FeedbackFilter, signal?: AbortSignal) => request(api.adminFeedbackList, { ...filter, page_size: 20 }, { signal });
export const feedbackDetail = (id: number, signal?: AbortSignal) => request(api.adminFeedbackDetail, { id }, { signal });
export const replyFeedback = (id: number, content: string) => request(api.adminFeedbackReply, { id, content });
export const closeFeedback = (id: number) => request(api.adminFeedbackClose, { id });
