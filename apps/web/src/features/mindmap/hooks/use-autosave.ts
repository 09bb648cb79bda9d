import type { MindmapNode } from '@xueba/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { hasKey, isRequestError } from '@/lib/request';
import { saveMindmap } from '../api/mindmap-api';

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';

/** Quiet time after the last edit before it is sent: a burst of edits is one save. */
export const AUTOSAVE_MS = 800;

/**
 * Saves the editor's tree over the revision it was loaded at. One save runs
 * at a time; edits made meanwhile go in the next one. A 409 (another tab saved
 * a newer revision) stops saving altogether: the page says so and offers a
 * reload, and nothing is overwritten. Other failures keep the edit pending and
 * are retried on the next edit or by `retry`.
 */
export function useAutosave(id: number, initialRevision: number) {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<string | null>(null);
  const revision = useRef(initialRevision);
  const pending = useRef<MindmapNode | null>(null);
  const running = useRef(false);
  const stopped = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The timer calls the newest flush through this ref (flush schedules itself again after a save).
  const flushRef = useRef<() => Promise<void>>(async () => undefined);

  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flushRef.current(), AUTOSAVE_MS);
  }, []);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (running.current || stopped.current || !pending.current) return;
    const tree = pending.current;
    pending.current = null;
    running.current = true;
    setStatus('saving');
    try {
      const saved = await saveMindmap(id, revision.current, tree);
      revision.current = saved.revision;
      setError(null);
      setStatus(pending.current ? 'pending' : 'saved');
    } catch (e) {
      if (hasKey(e, 'mindmap_conflict')) {
        stopped.current = true;
        setStatus('conflict');
      } else {
        // Kept for the next attempt, unless a newer edit already replaced it.
        pending.current ??= tree;
        setError(isRequestError(e) ? e.message : null);
        setStatus('failed');
      }
    } finally {
      running.current = false;
    }
    if (pending.current && !stopped.current) schedule();
  }, [id, schedule]);

  useEffect(() => {
    flushRef.current = flush;
  }, [flush]);

  // An edit the canvas has not handed over yet: the page already counts it as unsaved.
  const dirty = useRef(false);
  const markDirty = useCallback(() => {
    if (stopped.current) return;
    dirty.current = true;
    setStatus((s) => (s === 'saving' ? s : 'pending'));
  }, []);

  const markClean = useCallback(() => {
    if (!dirty.current) return;
    dirty.current = false;
    if (!pending.current && !running.current) setStatus((s) => (s === 'pending' ? 'saved' : s));
  }, []);

  const change = useCallback(
    (tree: MindmapNode) => {
      if (stopped.current) return;
      dirty.current = false;
      pending.current = tree;
      setStatus((s) => (s === 'saving' ? s : 'pending'));
      schedule();
    },
    [schedule],
  );

  // Leaving the map (another map, another page) sends what is still waiting.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      if (pending.current && !stopped.current && !running.current) void saveMindmap(id, revision.current, pending.current).catch(() => undefined);
    },
    [id],
  );

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (dirty.current || pending.current || running.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  return { status, error, change, markDirty, markClean, retry: flush, revision };
}
