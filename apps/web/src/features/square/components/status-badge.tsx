import type { SquareStatus } from '@xueba/contract';
import { useTranslation } from 'react-i18next';

/** Where one of the user's own items stands: waiting for review, on the square, rejected or hidden by an administrator. */
export function StatusBadge({ status }: { status: SquareStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`sq-badge sq-badge--${status}`} data-testid="square-status">
      {t(`square.status.${status}`)}
    </span>
  );
}
