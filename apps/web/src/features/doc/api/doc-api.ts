import { DOC_UPLOAD_PATH, type DocStatus, type DocType, type DocUploadResponse } from '@xueba/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { request } from '@/lib/request';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { uploadWithProgress } from '@/lib/request/upload-progress';

export const docKeys = {
  all: ['doc'] as const,
  lists: ['doc', 'lists'] as const,
  list: (params: ListParams) => ['doc', 'lists', params] as const,
  detail: (id: number) => ['doc', 'detail', id] as const,
  interpret: (id: number, locale: string) => ['doc', 'interpret', id, locale] as const,
  page: (id: number, page: number) => ['doc', 'page', id, page] as const,
  messages: (docId: number, conversationId: number | null = null) => ['doc', 'messages', docId, conversationId] as const,
  conversations: (docId: number) => ['doc', 'conversations', docId] as const,
  quota: ['doc', 'quota'] as const,
};

export interface ListParams {
  type: DocType;
  keyword: string;
  page: number;
  pageSize: number;
}

/** A document still on its way (spec §4): the list polls while any is shown. */
export const isPending = (status: DocStatus) => status === 'uploading' || status === 'processing';

export const docListQuery = (params: ListParams) =>
  queryOptions({
    queryKey: docKeys.list(params),
    queryFn: ({ signal }) =>
      request(api.docLists, { type: params.type, keyword: params.keyword || undefined, page_no: params.page, page_size: params.pageSize }, { signal, background: true }),
    placeholderData: keepPreviousData,
    // Statuses change on the server without any action here: poll every 2 s while one is pending.
    refetchInterval: (query) => (query.state.data?.lists.some((d) => isPending(d.status)) ? 2000 : false),
  });

export const docDetailQuery = (id: number) =>
  queryOptions({
    queryKey: docKeys.detail(id),
    queryFn: ({ signal }) => request(api.docDetail, { id }, { signal, background: true }),
    refetchInterval: (query) => (query.state.data && isPending(query.state.data.status) ? 2000 : false),
  });

/** Generated once per document and locale on the server; slow the first time (a model writes it). */
export const docInterpretQuery = (id: number, locale: string) =>
  queryOptions({
    queryKey: docKeys.interpret(id, locale),
    queryFn: ({ signal }) => request(api.docInterpret, { id }, { signal, background: true, silent: true }),
    staleTime: Infinity,
    retry: false,
  });

export const docPageQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: docKeys.page(id, page),
    queryFn: ({ signal }) => request(api.docPage, { id, page }, { signal, background: true }),
    staleTime: Infinity,
  });

/** A conversation's messages, or (without one) those of the document's latest conversation. */
export const docMessagesQuery = (docId: number, conversationId: number | null = null) =>
  queryOptions({
    queryKey: docKeys.messages(docId, conversationId),
    queryFn: ({ signal }) => request(api.docMessages, conversationId ? { conversation_id: conversationId } : { doc_id: docId }, { signal, background: true }),
    // The panel holds the live copy while answers stream.
    staleTime: Infinity,
  });

export const docConversationsQuery = (docId: number) =>
  queryOptions({
    queryKey: docKeys.conversations(docId),
    queryFn: ({ signal }) => request(api.docConversations, { doc_id: docId }, { signal, background: true }),
  });

/**
 * A short-lived URL of the document's original file that needs no session
 * (documents are private files). Fetched fresh each time a viewer opens and
 * never refetched while it is open (a new URL would reload the document); the
 * key is outside `docKeys.all` so invalidating the lists leaves it alone.
 */
export const docFileUrlQuery = (id: number) =>
  queryOptions({
    queryKey: ['doc-file-url', id] as const,
    queryFn: async ({ signal }) => {
      const file = await request(api.docFileUrl, { id }, { signal, background: true, silent: true });
      // Site-relative for the server's own store, absolute for an object store.
      return new URL(file.url, getRuntimeConfig().apiBase || window.location.origin).toString();
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
  });

export const docQuotaQuery = queryOptions({
  queryKey: docKeys.quota,
  queryFn: ({ signal }) => request(api.docQuota, undefined, { signal, background: true }),
});

export const invalidateDocs = () => queryClient.invalidateQueries({ queryKey: docKeys.all });

export const renameDoc = (id: number, name: string) => request(api.docRename, { id, name });
export const deleteDoc = (id: number) => request(api.docDelete, { id });
export const retryDoc = (id: number) => request(api.docRetry, { id });
export const favoriteAnswer = (messageId: number, favorite: boolean) => request(api.docFavorite, { message_id: messageId, favorite }, { silent: true });

/** One multipart upload of several files (`file[]` + `type`); each file succeeds or fails on its own in the answer. */
export function uploadDocs(files: readonly File[], type: DocType, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<DocUploadResponse> {
  const form = new FormData();
  form.append('type', type);
  for (const file of files) form.append('file[]', file, file.name);
  return uploadWithProgress<DocUploadResponse>(DOC_UPLOAD_PATH, form, { onProgress, signal, silent: true });
}
