import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, t } from '@/lib/i18n';

const answer = vi.hoisted(() => ({ byModel: false }));
vi.mock('../api/ai-search', () => ({
  useAiSearch: () => ({ isPending: false, isError: false, data: { answer: 'Attention [1].', keywords: [], lists: [], by_model: answer.byModel, hint: answer.byModel ? null : 'offline', query_used: null, count: 0 } }),
}));
vi.mock('../hooks/use-interpretation', () => ({
  useInterpretation: () => ({ state: { status: 'done', byModel: answer.byModel, notice: null, sections: [], error: null }, start: vi.fn(), stop: vi.fn() }),
}));

const { AiResults } = await import('./ai-results');
const { Interpretation } = await import('./interpretation');

function show() {
  render(
    <MemoryRouter>
      <AiResults question="attention" />
      <Interpretation id="local:1" />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('the AI-generated notice on paper answers', () => {
  beforeAll(async () => {
    await initI18n();
  });

  it('is absent when no model wrote the answer', () => {
    answer.byModel = false;
    show();
    expect(document.body.textContent).not.toContain(t('shell.disclaimer'));
  });

  it('is shown under a model’s answer and interpretation', () => {
    answer.byModel = true;
    show();
    expect(screen.queryAllByTestId('ai-disclaimer').map((p) => p.textContent)).toEqual([t('shell.disclaimer'), t('shell.disclaimer')]);
  });
});
