import { describe, expect, it } from 'vitest';
import { hasKey, isBalanceRefusal, isRefusal, RequestError } from './errors';

const refusal = (key: string | null, status: number) => new RequestError('translated text', { code: 0, key, status });

describe('branching on the envelope key', () => {
  it('opens the balance dialog for the balance keys, whatever the status or language of the text', () => {
    expect(isBalanceRefusal(refusal('insufficient_conversation_balance', 402))).toBe(true);
    expect(isBalanceRefusal(refusal('insufficient_word_balance', 400))).toBe(true);
    expect(isBalanceRefusal(refusal('rate_limited', 402))).toBe(false);
    expect(isBalanceRefusal(refusal(null, 402))).toBe(false);
    expect(isBalanceRefusal(new Error('insufficient_conversation_balance'))).toBe(false);
  });

  it('tells a not-found by its key', () => {
    expect(hasKey(refusal('paper_not_found', 404), 'paper_not_found')).toBe(true);
    expect(hasKey(refusal('not_found', 404), 'paper_not_found')).toBe(false);
    expect(hasKey(refusal('package_not_found', 404), 'paper_not_found', 'package_not_found')).toBe(true);
  });

  it('takes a keyed answer as a refusal unless it is the server failing', () => {
    expect(isRefusal(refusal('rate_limited', 429))).toBe(true);
    expect(isRefusal(refusal('gateway_unavailable', 502))).toBe(true);
    expect(isRefusal(refusal('server_exception', 500))).toBe(false);
  });

  it('falls back on the status for an answer without an envelope, and never refuses a network failure', () => {
    expect(isRefusal(refusal(null, 503))).toBe(true);
    expect(isRefusal(refusal(null, 500))).toBe(false);
    expect(isRefusal(new RequestError('offline', { network: true }))).toBe(false);
    expect(isRefusal(new Error('x'))).toBe(false);
  });
});
