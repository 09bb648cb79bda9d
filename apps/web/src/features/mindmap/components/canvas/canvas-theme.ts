import MindElixir, { type Theme } from 'mind-elixir';

/** mind-elixir's four directions: left only, right only (the logical tree), both sides, downwards (organisation chart). */
export type Direction = 0 | 1 | 2 | 3;

/**
 * mind-elixir's own light and dark themes with the app's surface and brand
 * colours, so the canvas sits in the page in either mode.
 */
export function themeFor(dark: boolean): Theme {
  const base = dark ? MindElixir.DARK_THEME : MindElixir.THEME;
  return {
    ...base,
    name: dark ? 'xueba-dark' : 'xueba-light',
    cssVar: {
      ...base.cssVar,
      '--bgcolor': dark ? '#171b23' : '#ffffff',
      '--root-bgcolor': dark ? '#5b8def' : '#1f5fd6',
      '--root-color': '#ffffff',
      '--selected': dark ? '#7aa3f3' : '#1f5fd6',
      '--map-padding': '40px 60px',
    },
  };
}
