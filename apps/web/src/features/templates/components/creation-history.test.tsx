import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';

const creation = {
  id: 7,
  template_id: 1,
  template_name: '英文润色',
  inputs: { text: 'We propose method.' },
  output: '## 修改后的文本\n\nWe **propose** a method.\n\n| 原文 | 修改 |\n| --- | --- |\n| propose | **propose** |',
  status: 'done' as const,
  error: null,
  model: 'offline',
  usage: { prompt_tokens: 0, completion_tokens: 0, words: 0, charged: null },
  created_at: '2026-01-01T00:00:00.000Z',
};

vi.mock('../api/templates', () => ({
  HISTORY_PAGE_SIZE: 10,
  deleteCreation: vi.fn(),
  useHistory: () => ({ isSuccess: true, data: { lists: [creation], count: 1 } }),
}));

const { CreationHistory } = await import('./creation-history');

afterEach(cleanup);

describe('creation history', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it('previews a Markdown output as plain text', () => {
    const { getByTestId } = render(
      <MemoryRouter>
        <CreationHistory templateId={1} onView={() => undefined} />
      </MemoryRouter>,
    );
    const preview = getByTestId('creation-preview-7').textContent ?? '';
    expect(preview).toBe('修改后的文本 We propose a method. 原文 · 修改 propose · propose');
    expect(preview).not.toMatch(/[#*|]/);
  });
});
