import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { SectionText } from './section-text';

afterEach(cleanup);

describe('SectionText', () => {
  beforeAll(async () => {
    await initI18n();
    // The Markdown renderer is its own (lazy) chunk: load it once up front, so each render finds it ready.
    await import('@/components/markdown/markdown-view');
  }, 60_000);

  it('links citations in the bibliography and flags the ones that point at nothing', async () => {
    render(<SectionText text={'Attention aligns words [1, 2]. A claim [7].'} size={2} />);
    const valid = await screen.findByRole('link', { name: '[1]' });
    expect(valid.getAttribute('href')).toBe('#pw-ref-1');
    expect(screen.getByRole('link', { name: '[2]' }).getAttribute('href')).toBe('#pw-ref-2');
    // The bad one is rendered (struck through by the stylesheet), never as a link to an entry.
    expect(screen.getByRole('link', { name: '[7]' }).getAttribute('href')).toBe('#pw-bad-7');
    expect(screen.getByTestId('pw-invalid-citations').textContent).toContain('[7]');
  });

  it('shows no warning when every citation is in the bibliography', async () => {
    render(<SectionText text="Only [1] here." size={1} />);
    await screen.findByRole('link', { name: '[1]' });
    expect(screen.queryByTestId('pw-invalid-citations')).toBeNull();
  });

  it('scrolls to the cited entry on click instead of following the link', async () => {
    const entry = document.createElement('li');
    entry.id = 'pw-ref-2';
    const scroll = vi.fn();
    entry.scrollIntoView = scroll;
    document.body.appendChild(entry);
    render(<SectionText text="See [2]." size={2} />);
    const link = await screen.findByRole('link', { name: '[2]' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(true);
    expect(scroll).toHaveBeenCalledOnce();
    expect(entry.classList.contains('is-flash')).toBe(true);
    entry.remove();
  });
});
