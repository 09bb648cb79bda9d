import type { DocType, UserInfo } from '@xueba/contract';
import { useUser } from '@/lib/auth';

/** The membership of `type` active at `now` (spec §6: each reading product needs its own). */
export function activeMembership(user: UserInfo | undefined, type: DocType, now = Date.now()): UserInfo['memberships'][number] | null {
  const membership = user?.memberships.find((m) => m.kind === type);
  if (!membership) return null;
  return membership.expires_at === null || Date.parse(membership.expires_at) > now ? membership : null;
}

/** Whether the signed-in reader may use documents of `type`; the server checks again on every call. */
export function useDocAccess(type: DocType): { allowed: boolean; loading: boolean } {
  const { user, isLoading } = useUser();
  return { allowed: activeMembership(user, type) !== null, loading: isLoading && !user };
}
