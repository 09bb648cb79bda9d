import { lazy, Suspense } from 'react';
import { WithAntd } from './with-antd';

const BalanceModal = lazy(() => import('./balance-modal'));

/**
 * "Insufficient conversation/word balance" (spec §8): explains and offers a way
 * out. Loaded only when it opens, so chat pages do not ship antd's modal up front.
 */
export function BalanceDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (message === null) return null;
  return (
    <WithAntd fallback={null}>
      <Suspense fallback={null}>
        <BalanceModal message={message} onClose={onClose} />
      </Suspense>
    </WithAntd>
  );
}
