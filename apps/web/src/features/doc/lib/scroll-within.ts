/**
 * Scrolls `container` so `element` shows at its top (or centre), without
 * scrolling the window or any other ancestor the way `scrollIntoView` does —
 * on a phone that would push the page header and tabs out of sight.
 */
export function scrollWithin(container: HTMLElement, element: HTMLElement, block: 'start' | 'center' = 'start'): void {
  const outer = container.getBoundingClientRect();
  const inner = element.getBoundingClientRect();
  const offset = block === 'center' ? (outer.height - inner.height) / 2 : 8;
  container.scrollTop += inner.top - outer.top - Math.max(0, offset);
}
