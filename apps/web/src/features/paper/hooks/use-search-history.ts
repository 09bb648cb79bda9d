import { useCallback, useState } from 'react';
import { getItem, removeItem, setItem } from '@/lib/storage';

export const HISTORY_LIMIT = 10;

/** Most recent first, without duplicates (case-insensitive), at most HISTORY_LIMIT entries. */
export function addToHistory(history: readonly string[], keyword: string): string[] {
  const text = keyword.trim();
  if (!text) return [...history];
  const lower = text.toLowerCase();
  return [text, ...history.filter((h) => h.toLowerCase() !== lower)].slice(0, HISTORY_LIMIT);
}

function read(): string[] {
  const stored = getItem<unknown>('history_academic_search');
  return Array.isArray(stored) ? stored.filter((v): v is string => typeof v === 'string').slice(0, HISTORY_LIMIT) : [];
}

/** Search history of spec §3, stored as `app_history_academic_search` through the storage helper. */
export function useSearchHistory() {
  const [history, setHistory] = useState<string[]>(read);
  const add = useCallback((keyword: string) => {
    const next = addToHistory(read(), keyword);
    setItem('history_academic_search', next);
    setHistory(next);
  }, []);
  const remove = useCallback((keyword: string) => {
    const next = read().filter((h) => h !== keyword);
    setItem('history_academic_search', next);
    setHistory(next);
  }, []);
  const clear = useCallback(() => {
    removeItem('history_academic_search');
    setHistory([]);
  }, []);
  return { history, add, remove, clear };
}
