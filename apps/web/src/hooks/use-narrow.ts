import { useSyncExternalStore } from 'react';
import { NARROW_SCREEN } from '@/lib/screen';

const query = `(max-width: ${NARROW_SCREEN - 0.02}px)`;

function subscribe(listener: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

/** True below the spec's 1000 px narrow-screen threshold. */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
