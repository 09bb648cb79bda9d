/**
 * A circuit breaker for a remote paper source (decision 0022): after
 * `failures` consecutive failures or timeouts the source is left out for
 * `openMs`; then one call is let through as a probe: success closes the
 * breaker, failure rests the source again. The clock is injected so tests
 * can step through the states. One breaker per process.
 */
export type BreakerState = 'closed' | 'open' | 'half_open';

export interface BreakerOptions {
  failures: number;
  openMs: number;
  now: () => Date;
}

export class CircuitBreaker {
  private consecutive = 0;
  private openedAt: number | null = null;
  private probing = false;

  constructor(private readonly options: BreakerOptions) {}

  state(): BreakerState {
    if (this.openedAt === null) return 'closed';
    return this.options.now().getTime() - this.openedAt >= this.options.openMs ? 'half_open' : 'open';
  }

  /** Whether a call may go now; while half-open only one probe at a time does. */
  tryAcquire(): boolean {
    const state = this.state();
    if (state === 'closed') return true;
    if (state === 'open' || this.probing) return false;
    this.probing = true;
    return true;
  }

  success(): void {
    this.consecutive = 0;
    this.openedAt = null;
    this.probing = false;
  }

  failure(): void {
    this.consecutive += 1;
    const wasProbe = this.probing;
    this.probing = false;
    if (wasProbe || this.consecutive >= this.options.failures) this.openedAt = this.options.now().getTime();
  }
}
