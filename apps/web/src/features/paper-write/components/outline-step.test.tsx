import type { PaperWriteDetail } from '@xueba/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import type { WriteStream } from '../hooks/use-write-stream';

const saved = vi.hoisted(() => ({ calls: [] as unknown[] }));
vi.mock('../api/paper-write-api', () => ({
  paperWriteKeys: { detail: (id: number) => ['paper-write', 'detail', id] },
  defaultOutline: vi.fn(),
  saveOutline: vi.fn(async (_id: number, body: { revision: number; outline: unknown }, onSaved: (s: unknown) => void) => {
    saved.calls.push(body);
    onSaved({ outline: [], revision: body.revision + 1, updated_at: '', drafts: [] });
  }),
}));
vi.mock('@/lib/notify', () => ({ confirmBox: vi.fn(async () => true), toast: { success: vi.fn(), error: vi.fn() } }));

const { OutlineStep } = await import('./outline-step');

const detail = {
  id: 7,
  outline_revision: 3,
  outline: [
    { key: 'intro', heading: 'Introduction', brief: '', children: [] },
    { key: 'method', heading: 'Method', brief: 'data and model', children: [{ key: 'data', heading: 'Data', brief: '', children: [] }] },
  ],
} as unknown as PaperWriteDetail;

const idleWriter = { state: { task: null, section: null, phase: 'idle', text: '', byModel: false, invalid: [], notice: null, error: null }, busy: false, run: vi.fn(), stop: vi.fn(), reset: vi.fn() } as unknown as WriteStream;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  saved.calls = [];
});

/** Runs the autosave's delay (fake timers: no real waiting). */
const passAutosaveDelay = () => act(() => vi.advanceTimersByTime(2000));

const headings = () => screen.getAllByTestId('pw-node-heading').map((i) => (i as HTMLInputElement).value);

describe('OutlineStep', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it('numbers the tree and saves edits (rename, add, reorder, delete) over the loaded revision', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<OutlineStep detail={detail} options={undefined} writer={idleWriter} />);
    expect(screen.getAllByTestId('pw-node').map((n) => n.querySelector('.pw-node__no')?.textContent)).toEqual(['1', '2', '2.1']);

    fireEvent.change(screen.getAllByTestId('pw-node-heading')[0]!, { target: { value: 'Background' } });
    fireEvent.click(screen.getAllByTestId('pw-node-add-after')[0]!);
    // The new section came after Background; move it above.
    fireEvent.click(screen.getAllByTestId('pw-node-up')[1]!);
    expect(headings()).toEqual([expect.any(String), 'Background', 'Method', 'Data']);
    expect(headings()[0]).not.toBe('Background');
    // Delete "Data" (the confirmation is answered yes).
    await act(async () => {
      fireEvent.click(screen.getAllByTestId('pw-node-delete')[3]!);
    });
    expect(headings()).toHaveLength(3);
    expect(saved.calls).toHaveLength(0);

    await passAutosaveDelay();
    expect(saved.calls).toHaveLength(1);
    const last = saved.calls[saved.calls.length - 1] as { revision: number; outline: { key?: string; heading: string; children: unknown[] }[] };
    expect(last.revision).toBe(3);
    // The new section goes without a key (the server gives one); the stored ones keep theirs.
    expect(last.outline.map((n) => n.key ?? null)).toEqual([null, 'intro', 'method']);
    expect(last.outline[1]!.heading).toBe('Background');
    expect(last.outline[2]!.children).toEqual([]);
  });

  it('does not save while a heading is blank, and says why', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<OutlineStep detail={detail} options={undefined} writer={idleWriter} />);
    fireEvent.change(screen.getAllByTestId('pw-node-heading')[0]!, { target: { value: '  ' } });
    expect(screen.getByRole('alert').textContent).toBeTruthy();
    expect(screen.getAllByTestId('pw-node-heading')[0]!.getAttribute('aria-invalid')).toBe('true');
    await passAutosaveDelay();
    expect(saved.calls).toHaveLength(0);
  });
});
