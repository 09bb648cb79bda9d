import { describe, expect, it } from 'vitest';
import { RequestError } from '@/lib/request';
import { fieldOfError, offerRowOfError } from './field-errors';

const refusal = (key: string, data: unknown = null) => new RequestError('translated', { code: 0, key, status: 400, data });
const FIELDS = ['name', 'base_url', 'offers'] as const;

describe('placing a server refusal on the form', () => {
  it('uses the field a validation failure names, by its top-level name', () => {
    expect(fieldOfError(refusal('validation_failed', { field: 'base_url' }), FIELDS)).toBe('base_url');
    expect(fieldOfError(refusal('validation_failed', { field: 'offers.3.price' }), FIELDS)).toBe('offers');
    expect(offerRowOfError(refusal('validation_failed', { field: 'offers.3.price' }))).toBe(3);
  });

  it('falls back on the field a known key belongs to', () => {
    expect(fieldOfError(refusal('draw_size_invalid', { field: 'body' }), FIELDS)).toBe('offers');
    expect(offerRowOfError(refusal('draw_size_invalid'))).toBeNull();
  });

  it('leaves refusals about no field of this form to the message', () => {
    expect(fieldOfError(refusal('validation_failed', { field: 'secret' }), FIELDS)).toBeNull();
    expect(fieldOfError(refusal('draw_channel_not_found'), FIELDS)).toBeNull();
    expect(fieldOfError(new RequestError('offline', { network: true }), FIELDS)).toBeNull();
    expect(fieldOfError(new Error('x'), FIELDS)).toBeNull();
  });
});
