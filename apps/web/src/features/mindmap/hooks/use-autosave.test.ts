import type { MindmapNode } from '@xueba/contract';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '@/lib/request';
import { AUTOSAVE_MS, useAutosave } from './use-autosave';

const save = vi.hoisted(() => vi.fn());
vi.mock('../api/mindmap-api', () => ({ saveMindmap: save }));

const tree = (topic: string): MindmapNode => ({ topic, children: [] });
const conflict = () => new RequestError('changed elsewhere', { key: 'mindmap_conflict', status: 409 });

async function settle(): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 10);
  });
}

describe('useAutosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    save.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('sends one save for a burst of edits, over the revision it was loaded at, then the next revision', async () => {
    save.mockResolvedValueOnce({ revision: 4 }).mockResolvedValueOnce({ revision: 5 });
    const { result } = renderHook(() => useAutosave(7, 3));
    act(() => {
      result.current.change(tree('a'));
      result.current.change(tree('ab'));
    });
    expect(result.current.status).toBe('pending');
    await settle();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenLastCalledWith(7, 3, tree('ab'));
    expect(result.current.status).toBe('saved');
    act(() => result.current.change(tree('abc')));
    await settle();
    expect(save).toHaveBeenLastCalledWith(7, 4, tree('abc'));
  });

  it('stops on a conflict and never sends again', async () => {
    save.mockRejectedValueOnce(conflict());
    const { result } = renderHook(() => useAutosave(7, 3));
    act(() => result.current.change(tree('mine')));
    await settle();
    expect(result.current.status).toBe('conflict');
    act(() => result.current.change(tree('mine again')));
    await settle();
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('conflict');
  });

  it('keeps a failed edit and sends it on retry', async () => {
    save.mockRejectedValueOnce(new RequestError('offline', { network: true })).mockResolvedValueOnce({ revision: 4 });
    const { result } = renderHook(() => useAutosave(7, 3));
    act(() => result.current.change(tree('x')));
    await settle();
    expect(result.current.status).toBe('failed');
    expect(result.current.error).toBe('offline');
    await act(async () => {
      await result.current.retry();
    });
    expect(save).toHaveBeenLastCalledWith(7, 3, tree('x'));
    expect(result.current.status).toBe('saved');
  });

  it('an edit marked dirty that changed nothing goes back to saved', () => {
    const { result } = renderHook(() => useAutosave(7, 3));
    act(() => result.current.markDirty());
    expect(result.current.status).toBe('pending');
    act(() => result.current.markClean());
    expect(result.current.status).toBe('saved');
    expect(save).not.toHaveBeenCalled();
  });
});
