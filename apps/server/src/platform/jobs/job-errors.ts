/** Thrown by a handler for a failure that retrying cannot fix: the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/**
 * Thrown by a handler for a failure that passes by itself after a known time
 * (a provider's Retry-After, a busy channel): the job is queued again after
 * `delayMs` instead of the runner's exponential backoff. It still counts as an
 * attempt, so `max_attempts` bounds a provider that never recovers.
 */
export class RetryJobError extends Error {
  readonly delayMs: number;
  constructor(message: string, delayMs: number) {
    super(message);
    this.name = 'RetryJobError';
    this.delayMs = Math.max(0, Math.round(delayMs));
  }
}
