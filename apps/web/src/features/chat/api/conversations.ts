import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';

export const chatKeys = {
  all: ['chat'] as const,
  conversations: (keyword: string) => ['chat', 'conversations', keyword] as const,
  messages: (id: number) => ['chat', 'messages', id] as const,
};

const PAGE_SIZE = 50;

/** Conversations, newest first; `keyword` searches titles and message text on the server. */
export const conversationsQuery = (keyword: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.conversations(keyword),
    queryFn: ({ pageParam, signal }) =>
      request(api.chatConversations, { page_no: pageParam, page_size: PAGE_SIZE, keyword: keyword || undefined }, { signal, background: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page_no * last.page_size < last.count ? last.page_no + 1 : undefined),
  });

export function useConversations(keyword: string, enabled: boolean) {
  return useInfiniteQuery({ ...conversationsQuery(keyword), enabled });
}

export const invalidateConversations = () => queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] });

export async function renameConversation(conversationId: number, title: string) {
  const result = await request(api.chatRename, { conversation_id: conversationId, title });
  await invalidateConversations();
  return result;
}

export async function deleteConversation(conversationId: number) {
  await request(api.chatDelete, { conversation_id: conversationId });
  queryClient.removeQueries({ queryKey: chatKeys.messages(conversationId) });
  await invalidateConversations();
}
