import { queryOptions } from '@tanstack/react-query';
import type { DrawOptions } from '@xueba/contract';
import { api } from '@/lib/api';
import { request } from '@/lib/request';

/**
 * What is on offer and the user's drawing count; read again after each submit
 * and finish. Apart from the rest of the drawing API so the /app landing can
 * show the price without loading it.
 */
export const drawOptionsQuery = queryOptions({
  queryKey: ['draw', 'options'] as const,
  queryFn: ({ signal }) => request(api.drawOptions, undefined, { signal, background: true, silent: true }),
  staleTime: 30_000,
});

/** The cheapest picture on offer (the /app card's "from N a picture"); null when nothing is. */
export function lowestPrice(options: DrawOptions): number | null {
  const prices = options.families.flatMap((f) => f.models.flatMap((m) => m.sizes.map((s) => s.price)));
  return prices.length > 0 ? Math.min(...prices) : null;
}
