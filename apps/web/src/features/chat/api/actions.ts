import { api } from '@/lib/api';
import { request } from '@/lib/request';

/** Stops a generating answer on the server (any process); resolves with the status it ended in. */
export const stopAnswer = (messageId: number) => request(api.chatStop, { message_id: messageId }, { silent: true, background: true });

/** The conversation as Markdown, from the server (same text as the screen, with sources). */
export const exportConversation = (conversationId: number) => request(api.chatExport, { conversation_id: conversationId });

/** Bookmarks an answer with its question; the page says "bookmark added" itself, so the call is silent. */
export const addFavorite = (messageId: number) => request(api.collectionAdd, { message_id: messageId }, { silent: true });

export const removeFavorite = (messageId: number) => request(api.collectionRemove, { message_id: messageId }, { silent: true });
