import { createStore } from './create-store';
import { getSetting, updateSetting } from './storage';

export type ThemeMode = 'light' | 'dark';

function initialMode(): ThemeMode {
  const saved = getSetting().theme;
  if (saved) return saved;
  if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
    return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  return 'light';
}

export const themeStore = createStore<{ mode: ThemeMode }>({ mode: initialMode() });

export function setThemeMode(mode: ThemeMode): void {
  updateSetting({ theme: mode });
  themeStore.set({ mode });
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = mode;
}
