import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadMessageGroups, setLocale } from '@/lib/i18n';
import { StatusBadge } from './status-badge';

afterEach(cleanup);

describe('document status', () => {
  beforeAll(async () => {
    await initI18n();
  await loadMessageGroups(['doc']);
    await loadMessageGroups(['doc']);
  });

  it('shows which scanned page is being read, in the reader\'s language', async () => {
    await setLocale('en');
    render(<StatusBadge doc={{ status: 'processing', fail_text: null, progress: { page: 12, pages: 80 } }} />);
    expect(screen.getByTestId('doc-progress').textContent).toBe('Reading page 12 of 80');
    cleanup();
    await setLocale('zh');
    render(<StatusBadge doc={{ status: 'processing', fail_text: null, progress: { page: 12, pages: 80 } }} />);
    expect(screen.getByTestId('doc-progress').textContent).toBe('正在识别第 12 页，共 80 页');
  });

  it('shows no progress once the document is done', async () => {
    render(<StatusBadge doc={{ status: 'complete', fail_text: null, progress: null }} />);
    expect(screen.queryByTestId('doc-progress')).toBeNull();
  });
});
