import { useEffect } from 'react';

/**
 * The document's title and description meta tag. The shell sets the route's
 * defaults (`setRouteMeta`, from the route table); a page that knows better
 * (an article's own title and summary) overrides them with `usePageMeta` for
 * as long as it is shown. Whichever effect runs last, the override wins.
 */
interface Meta {
  title: string;
  description: string;
}

const initialDescription = typeof document === 'undefined' ? '' : (document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '');
let defaults: Meta & { site: string } = { title: '', description: initialDescription, site: '' };
let override: Partial<Meta> | null = null;

function descriptionTag(): HTMLMetaElement {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  return tag;
}

function apply(): void {
  const title = override?.title || defaults.title;
  document.title = title && defaults.site && title !== defaults.site ? `${title} - ${defaults.site}` : title || defaults.site;
  descriptionTag().content = override?.description || defaults.description || initialDescription;
}

/** The route's title (already translated), the site's name and the route's description, or the page's first description when none. */
export function setRouteMeta(meta: { title: string; site: string; description?: string }): void {
  defaults = { title: meta.title, site: meta.site, description: meta.description ?? '' };
  apply();
}

/** A page's own title and description (plain text, shortened to what search results show). */
export function usePageMeta(meta: { title?: string; description?: string }): void {
  const title = meta.title?.trim() ?? '';
  const description = (meta.description ?? '').replace(/\s+/g, ' ').trim().slice(0, 160);
  useEffect(() => {
    if (!title && !description) return undefined;
    override = { title, description };
    apply();
    return () => {
      override = null;
      apply();
    };
  }, [title, description]);
}
