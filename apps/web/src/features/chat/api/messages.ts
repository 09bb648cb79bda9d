import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { request } from '@/lib/request';
import { chatKeys } from './conversations';

export const messagesQuery = (conversationId: number) =>
  queryOptions({
    queryKey: chatKeys.messages(conversationId),
    queryFn: ({ signal }) => request(api.chatMessages, { conversation_id: conversationId }, { signal }),
    // The page holds the live copy while answers stream; a background refetch would overwrite it.
    staleTime: Infinity,
  });

export function useMessages(conversationId: number | null) {
  return useQuery({ ...messagesQuery(conversationId ?? 0), enabled: conversationId !== null });
}
