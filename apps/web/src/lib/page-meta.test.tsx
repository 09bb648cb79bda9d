import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setRouteMeta, usePageMeta } from './page-meta';

function Page({ title, description }: { title?: string; description?: string }) {
  usePageMeta({ title, description });
  return null;
}

const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content');

describe('page meta', () => {
  afterEach(cleanup);

  it('sets the route defaults, lets a page override them while shown, and restores them after', () => {
    setRouteMeta({ title: 'News', site: 'Xueba', description: 'Site news' });
    expect([document.title, description()]).toEqual(['News - Xueba', 'Site news']);
    const { unmount, rerender } = render(<Page title="An article" description={'  A   summary\nof it  '} />);
    expect([document.title, description()]).toEqual(['An article - Xueba', 'A summary of it']);
    // The shell setting its defaults again (its effect runs after the page's) keeps the page's.
    setRouteMeta({ title: 'News', site: 'Xueba', description: 'Site news' });
    expect(document.title).toBe('An article - Xueba');
    rerender(<Page title="Another" description={'x'.repeat(300)} />);
    expect(description()).toHaveLength(160);
    unmount();
    expect([document.title, description()]).toEqual(['News - Xueba', 'Site news']);
  });
});
