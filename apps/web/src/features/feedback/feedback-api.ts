import { queryOptions } from '@tanstack/react-query';
import type { FeedbackCategory } from '@xueba/contract';
import { api } from '@/lib/api';
import { request } from '@/lib/request';

export const feedbackKeys = { all: ['feedback'] as const, list: (page: number) => ['feedback', 'list', page] as const, detail: (id: number) => ['feedback', 'detail', id] as const };

export const feedbackListQuery = (page: number) =>
  queryOptions({ queryKey: feedbackKeys.list(page), queryFn: ({ signal }) => request(api.feedbackList, { page_no: page, page_size: 10 }, { signal }) });

export const feedbackDetailQuery = (id: number) => queryOptions({ queryKey: feedbackKeys.detail(id), queryFn: ({ signal }) => request(api.feedbackDetail, { id }, { signal }) });

/** Field refusals are shown under the field: the request stays silent and the form reports. */
export const submitFeedback = (body: { category: FeedbackCategory; content: string; images: string[]; page: string }) => request(api.feedbackSubmit, body, { silent: true });
export const replyFeedback = (id: number, content: string) => request(api.feedbackReply, { id, content });
