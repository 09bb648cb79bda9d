import { useEffect, useState } from 'react';
import { useStore } from '@/lib/create-store';
import { loadingStore } from '@/lib/loading';

/** Spec §9: 3 px high, appears only after 200 ms of activity, creeps towards the end over about 2 s. */
export const LOADING_THROTTLE_MS = 200;
export const LOADING_DURATION_MS = 2000;
const FINISH_MS = 400;

export function LoadingBar({ navigating }: { navigating: boolean }) {
  const requests = useStore(loadingStore, (s) => s.active);
  const busy = navigating || requests > 0;
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const timer = busy ? setTimeout(() => setVisible(true), LOADING_THROTTLE_MS) : setTimeout(() => setVisible(false), FINISH_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  const phase = !visible ? 'idle' : busy ? 'running' : 'finishing';
  return (
    <div
      className={`loading-bar loading-bar--${phase}`}
      style={{ ['--loading-duration' as string]: `${LOADING_DURATION_MS}ms` }}
      aria-hidden="true"
      data-testid="loading-bar"
    />
  );
}
