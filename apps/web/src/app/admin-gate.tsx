import type { ReactNode } from 'react';
import { ErrorView } from '@/components/error-view';
import { PageSpinner } from '@/components/page-spinner';
import { useUser } from '@/lib/auth';

/** The admin area is for the administrator role only; everyone else sees 403 (the server enforces the same). */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner />;
  if (user?.role !== 'admin') return <ErrorView status={403} />;
  return <>{children}</>;
}
