import { describe, expect, it } from 'vitest';
import { parseInterpretEvent } from '../api/interpret-paper';
import { reduceInterpret, type InterpretState } from './use-interpretation';

const start: InterpretState = { status: 'streaming', byModel: null, notice: null, sections: [], error: null };

describe('interpretation stream', () => {
  it('reads the contract events and rejects anything else', () => {
    expect(parseInterpretEvent('{"type":"start","by_model":false,"notice":"n"}')).toEqual({ type: 'start', by_model: false, notice: 'n' });
    expect(parseInterpretEvent('{"type":"delta","section":"method","text":"x"}')).toEqual({ type: 'delta', section: 'method', text: 'x' });
    expect(parseInterpretEvent('{"type":"delta","section":"poem","text":"x"}')).toBeNull();
    expect(parseInterpretEvent('not json')).toBeNull();
    expect(parseInterpretEvent('{"type":"other"}')).toBeNull();
  });

  it('folds sections and deltas in order, then ends', () => {
    let s = reduceInterpret(start, { type: 'start', by_model: true, notice: null });
    s = reduceInterpret(s, { type: 'section', section: 'problem', title: 'Problem' });
    s = reduceInterpret(s, { type: 'delta', section: 'problem', text: 'A ' });
    s = reduceInterpret(s, { type: 'delta', section: 'problem', text: 'B' });
    s = reduceInterpret(s, { type: 'delta', section: 'method', text: 'M' });
    s = reduceInterpret(s, { type: 'done' });
    expect(s.sections).toEqual([
      { section: 'problem', title: 'Problem', text: 'A B' },
      { section: 'method', title: '', text: 'M' },
    ]);
    expect(s.status).toBe('done');
    expect(reduceInterpret(start, { type: 'error', msg: 'boom' })).toMatchObject({ status: 'error', error: 'boom' });
  });
});
