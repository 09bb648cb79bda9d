import type { ReactNode } from 'react';
import { roleMeets } from '@xueba/contract';
import { ErrorView } from '@/components/error-view';
import { PageSpinner } from '@/components/page-spinner';
import { useUser } from '@/lib/auth';

/**
 * The staff area: `operator` lets operators and administrators in, `admin`
 * administrators only; everyone else sees 403 (the server enforces the same on
 * every endpoint, and the console shows an operator only their sections).
 */
export function AdminGate({ children, level = 'admin' }: { children: ReactNode; level?: 'operator' | 'admin' }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner />;
  if (!user || !roleMeets(user.role, level)) return <ErrorView status={403} />;
  return <>{children}</>;
}
