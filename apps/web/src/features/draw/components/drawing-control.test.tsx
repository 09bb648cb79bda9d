import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { DrawOptions, DrawRecord } from '@xueba/contract';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadMessageGroups } from '@/lib/i18n';
import { initialForm, normalizeForm, validateForm, type DrawForm } from '../lib/draw-form';
import { OPTIONS } from '../lib/options.fixture';

vi.mock('../api/draw-api', () => ({
  isActive: (s: string) => s === 'queued' || s === 'running',
  suggestPrompt: vi.fn(),
  uploadReference: vi.fn(),
  cancelDrawing: vi.fn(),
  selectPicture: vi.fn(),
  publishPicture: vi.fn(),
}));

vi.mock('@/lib/site-config', () => ({ useSiteConfig: () => ({ config: { recharge_package_status: true, member_package_status: true }, loaded: true, failed: false, refetch: () => undefined }) }));

const { DrawingControl } = await import('./control/drawing-control');
const { ResultView } = await import('./result/result-view');

afterEach(cleanup);
beforeAll(async () => {
  await initI18n();
  await loadMessageGroups(['draw']);
});

/** The control with its form state, as the page holds it; submit shows the errors, as the page does. */
function Harness({ options, signedIn = true, onSubmit = () => undefined }: { options: DrawOptions; signedIn?: boolean; onSubmit?: (form: DrawForm) => void }) {
  const [form, setForm] = useState(() => initialForm(options));
  const [tried, setTried] = useState(false);
  return (
    <MemoryRouter>
      <DrawingControl
        options={options}
        form={form}
        set={(patch) => setForm((f) => normalizeForm(options, { ...f, ...patch }))}
        errors={tried ? validateForm(options, form) : {}}
        signedIn={signedIn}
        requireSignIn={() => signedIn}
        submitting={false}
        onSubmit={() => {
          setTried(true);
          onSubmit(form);
        }}
      />
    </MemoryRouter>
  );
}

const sizeValues = () => screen.getAllByRole('radio').filter((r) => r.getAttribute('name') === 'draw-size').map((r) => (r as HTMLInputElement).value);

describe('drawing control', () => {
  it('shows each family its own parts and sizes', () => {
    render(<Harness options={OPTIONS} />);
    expect(sizeValues()).toEqual(['1024x1024', '1792x1024', '1024x1792']);
    expect(screen.getByTestId('draw-quality')).toBeTruthy();
    expect(screen.getByTestId('draw-dalle-style')).toBeTruthy();
    // The Images API takes no negative prompt.
    expect(screen.queryByTestId('draw-negative')).toBeNull();

    fireEvent.click(screen.getByTestId('draw-family-sd').querySelector('input') as HTMLInputElement);
    expect(sizeValues()).toEqual(['512x512', '512x768']);
    expect((screen.getByTestId('draw-model') as HTMLSelectElement).value).toBe('v1-5.safetensors');
    expect(screen.getByTestId('draw-negative')).toBeTruthy();
    expect(screen.getByTestId('draw-sd-advanced')).toBeTruthy();
    expect(screen.queryByTestId('draw-quality')).toBeNull();
    fireEvent.change(screen.getByTestId('draw-model'), { target: { value: 'sdxl.safetensors' } });
    expect(sizeValues()).toEqual(['1024x1024', '832x1216']);

    fireEvent.click(screen.getByTestId('draw-family-yj').querySelector('input') as HTMLInputElement);
    expect(sizeValues()).toEqual(['1:1', '3:4', '16:9']);
    expect(screen.getByText('图片比例')).toBeTruthy();
  });

  it('shows the cost of the current choice and the drawing count', () => {
    render(<Harness options={OPTIONS} />);
    expect(screen.getByTestId('draw-cost').textContent).toContain('本次消耗 2 次绘画次数');
    expect(screen.getByTestId('draw-balance').textContent).toBe('剩余绘画次数：5');
    fireEvent.click(screen.getByTestId('draw-size-1792x1024').querySelector('input') as HTMLInputElement);
    expect(screen.getByTestId('draw-cost').textContent).toContain('本次消耗 3 次');
    fireEvent.change(screen.getByTestId('draw-model'), { target: { value: 'gpt-image-1' } });
    fireEvent.click(screen.getByTestId('draw-n-3').querySelector('input') as HTMLInputElement);
    expect(screen.getByTestId('draw-cost').textContent).toContain('本次消耗 12 次');
    expect(screen.getByTestId('draw-balance-short').textContent).toContain('本次需要 12 次');
  });

  it('says the drawing count is used up, with a way to buy more', () => {
    render(<Harness options={{ ...OPTIONS, balance: 0 }} />);
    expect(screen.getByTestId('draw-balance-short').textContent).toContain('你的绘画次数已用完');
    expect(screen.getByTestId('draw-buy').getAttribute('href')).toBe('/recharge');
  });

  it('asks a visitor to sign in instead of showing a balance', () => {
    render(<Harness options={{ ...OPTIONS, balance: null }} signedIn={false} />);
    expect(screen.queryByTestId('draw-balance')).toBeNull();
    expect(screen.getByTestId('draw-submit').textContent).toBe('登录后开始绘画');
  });

  it('counts the prompt against the contract limit and shows the server\'s message for an empty one', () => {
    const submitted = vi.fn();
    render(<Harness options={OPTIONS} onSubmit={submitted} />);
    fireEvent.change(screen.getByTestId('draw-prompt'), { target: { value: '  a cat ' } });
    expect(screen.getByTestId('draw-prompt-count').textContent).toBe('5/2000');
    fireEvent.change(screen.getByTestId('draw-prompt'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('draw-submit'));
    expect(screen.getByTestId('draw-prompt-error').textContent).toBe('请输入画面描述');
  });

  it('asks for a reference picture on image-to-image', () => {
    render(<Harness options={OPTIONS} />);
    fireEvent.click(screen.getByTestId('draw-family-sd').querySelector('input') as HTMLInputElement);
    fireEvent.click(screen.getByTestId('draw-generation-img2img').querySelector('input') as HTMLInputElement);
    fireEvent.change(screen.getByTestId('draw-prompt'), { target: { value: 'a cat' } });
    fireEvent.click(screen.getByTestId('draw-submit'));
    expect(screen.getByTestId('draw-reference-error').textContent).toBe('图生图需要上传参考图');
  });

  it('adds a keyword of the chosen style to the prompt', () => {
    render(<Harness options={OPTIONS} />);
    fireEvent.change(screen.getByTestId('draw-prompt'), { target: { value: 'a cat' } });
    fireEvent.click(screen.getByTestId('draw-style-ink'));
    const keywords = screen.getAllByTestId('draw-keyword').map((k) => k.textContent);
    expect(keywords).toEqual(['+ ink wash']);
    fireEvent.click(screen.getAllByTestId('draw-keyword')[0] as HTMLElement);
    expect((screen.getByTestId('draw-prompt') as HTMLTextAreaElement).value).toBe('a cat, ink wash');
  });
});

const record = (patch: Partial<DrawRecord>): DrawRecord => ({
  id: 9,
  status: 'queued',
  position: 0,
  progress: 0,
  preview_url: null,
  images: [],
  fail_reason: null,
  fail_text: null,
  cost: 2,
  refunded: false,
  family: 'sd',
  model: 'v1-5.safetensors',
  generation: 'txt2img',
  prompt: 'a cat',
  negative_prompt: '',
  size: '512x512',
  style: null,
  quality: null,
  n: 1,
  seed: null,
  revised_prompt: null,
  created_at: '2026-01-01T00:00:00.000Z',
  started_at: null,
  finished_at: null,
  ...patch,
});

describe('result views', () => {
  it('queued: the jobs ahead, a bar without a figure, cancel', () => {
    render(<ResultView record={record({ status: 'queued', position: 3 })} />);
    expect(screen.getByTestId('draw-position').textContent).toBe('排队中，前面还有 3 个任务');
    expect(screen.getByTestId('draw-progress').className).toContain('draw-bar--indeterminate');
    expect(screen.getByTestId('draw-progress').getAttribute('aria-valuenow')).toBeNull();
    expect(screen.getByTestId('draw-cancel')).toBeTruthy();
  });

  it('running: the provider\'s progress and live preview', () => {
    render(<ResultView record={record({ status: 'running', progress: 40, preview_url: '/files/p.png' })} />);
    expect(screen.getByTestId('draw-progress').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByTestId('draw-progress').className).not.toContain('indeterminate');
    expect(screen.getByTestId('draw-preview').getAttribute('src')).toBe('/files/p.png');
  });

  it('failed: the reason and that the count came back', () => {
    render(<ResultView record={record({ status: 'failed', fail_reason: 'draw_fail_provider', fail_text: 'The drawing service failed', refunded: true })} />);
    expect(screen.getByTestId('draw-fail-text').textContent).toBe('The drawing service failed');
    expect(screen.getByTestId('draw-refund').textContent).toBe('已退回 2 次绘画次数');
  });

  it('success: each picture with keep, download and publish', () => {
    const images = [1, 2].map((id) => ({ id, url: `/files/${id}.png`, thumb_url: `/files/${id}.webp`, width: 512, height: 512, selected: id === 2, square_id: null }));
    render(
      <MemoryRouter>
        <ResultView record={record({ status: 'success', images })} />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('draw-image').map((i) => i.getAttribute('data-selected'))).toEqual(['false', 'true']);
    expect(screen.getAllByTestId('draw-download')[0]?.getAttribute('download')).toBe('drawing-9-1.png');
    expect(screen.getAllByTestId('draw-publish')).toHaveLength(2);
  });
});
