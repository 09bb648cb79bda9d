/** Spec §2/§9: below 1000 px wide the app behaves as the mobile (h5) client. */
export const NARROW_SCREEN = 1000;

export function isNarrowScreen(): boolean {
  return typeof window !== 'undefined' && window.innerWidth < NARROW_SCREEN;
}
