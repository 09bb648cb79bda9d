import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadMessageGroups } from '@/lib/i18n';
import { RefundSummary } from './order-refund';

const HOUR = 3_600_000;

describe('admin order refund summary', () => {
  beforeAll(async () => {
    await initI18n();
  await loadMessageGroups(['admin']);
    await loadMessageGroups(['admin']);
    // antd's table asks for media queries, which jsdom lacks.
    window.matchMedia ??= (query: string) =>
      ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) satisfies MediaQueryList;
  });
  afterEach(cleanup);

  it('shows per balance what was taken back and the shortfall, and how the membership changed', () => {
    render(
      <MemoryRouter>
        <RefundSummary
          refund={{
            reason: '用户申请',
            time: '2025-03-01T08:00:00Z',
            clawback: {
              assets: [
                { asset: 'conversation_count', granted: 100, taken: 7, shortfall: 93 },
                { asset: 'drawing_count', granted: 10, taken: 10, shortfall: 0 },
              ],
              membership: {
                kind: 'academic_ai',
                recorded: true,
                level_before: 'bvip',
                level_after: 'vip',
                expires_before: null,
                expires_after: '2025-04-01T00:00:00Z',
                removed_ms: null,
                used_ms: 2 * 24 * HOUR + 5 * HOUR,
              },
            },
          }}
        />
      </MemoryRouter>,
    );
    const summary = screen.getByTestId('order-refund');
    expect(summary.textContent).toContain('用户申请');
    const row = (asset: string) => summary.querySelector(`[data-row-key="${asset}"]`)?.textContent;
    expect(row('conversation_count')).toBe('对话次数100793');
    expect(row('drawing_count')).toBe('绘图次数10100');
    const membership = screen.getByTestId('refund-membership').textContent ?? '';
    expect(membership).toContain('B-VIP → VIP');
    expect(membership).toContain('永久 →');
    expect(membership).toContain('永久资格');
    expect(membership).toContain('2 天 5 小时');
  });

  it('says when nothing was taken back, and when a membership could not be told apart', () => {
    render(
      <MemoryRouter>
        <RefundSummary refund={{ reason: 'old', time: '2024-01-01T00:00:00Z', clawback: null }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('order-refund').textContent).toContain('未收回任何权益');
    cleanup();
    render(
      <MemoryRouter>
        <RefundSummary
          refund={{
            reason: 'x',
            time: '2025-01-01T00:00:00Z',
            clawback: {
              assets: [],
              membership: { kind: 'paper', recorded: false, level_before: 'vip', level_after: 'vip', expires_before: null, expires_after: null, removed_ms: 0, used_ms: 0 },
            },
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('refund-membership').textContent).toContain('未做调整');
  });
});
