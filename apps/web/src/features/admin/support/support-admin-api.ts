import { api } from '@/lib/api';
import { request } from '@/lib/request';
import type { SupportStatus } from '@xueba/contract';

export const supportAdminKeys = { all: ['admin', 'support'] as const, quick: ['admin', 'support', 'quick'] as const };
export const listConversations = (filter: { status?: SupportStatus; keyword?: string }, signal?: AbortSignal) => request(api.adminSupportList, { page_no: 1, page_size: 100, ...filter }, { signal, background: true });
export const conversationMessages = (id: number, signal?: AbortSignal) => request(api.adminSupportMessages, { conversation_id: id }, { signal, background: true });
export const replySupport = (id: number, content: string, image?: string) => request(api.adminSupportReply, { conversation_id: id, content, image });
export const readConversation = (id: number) => request(api.adminSupportRead, { conversation_id: id }, { silent: true, background: true });
export const closeConversation = (id: number) => request(api.adminSupportClose, { conversation_id: id });
export const quickReplies = (signal?: AbortSignal) => request(api.adminQuickReplies, undefined, { signal });
export const saveQuickReply = (body: { id?: number; title: string; content: string; sort?: number }) => request(api.adminQuickReplySave, body);
export const deleteQuickReply = (id: number) => request(api.adminQuickReplyDelete, { id });
