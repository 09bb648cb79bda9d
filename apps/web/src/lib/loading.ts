import { createStore } from './create-store';

/**
 * Global activity counter behind the top loading bar (spec §9). Route loads and
 * requests both call begin()/end(); the bar itself decides when to appear.
 */
export const loadingStore = createStore({ active: 0 });

export function beginLoading(): () => void {
  loadingStore.set((s) => ({ active: s.active + 1 }));
  let done = false;
  return () => {
    if (done) return;
    done = true;
    loadingStore.set((s) => ({ active: Math.max(0, s.active - 1) }));
  };
}
