import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { request } from './request';
import { getItem, setItem } from './storage';

export const modelsQuery = queryOptions({
  queryKey: ['chat', 'models'] as const,
  queryFn: ({ signal }) => request(api.chatModels, undefined, { signal, background: true, silent: true }),
  staleTime: 5 * 60_000,
});

export function useChatModels() {
  return useQuery(modelsQuery);
}

/** The picked model (spec §3 `chat_model`); a stale key the server no longer offers falls back to its default. */
export function storedModel(): string | null {
  return getItem<string>('chat_model');
}

export function storeModel(key: string): void {
  setItem('chat_model', key);
}

/** The plugin model (spec §3 `plugin_model`): what template runs and other tools use when the template names none. */
export function storedPluginModel(): string | null {
  return getItem<string>('plugin_model');
}

export function storePluginModel(key: string): void {
  setItem('plugin_model', key);
}
