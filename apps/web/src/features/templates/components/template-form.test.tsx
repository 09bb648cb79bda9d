import type { Template } from '@xueba/contract';
import { describe, expect, it } from 'vitest';
import { longFields, missingFields } from './template-form';

const template: Template = {
  id: 1,
  key: 'polish',
  category_id: 1,
  name: 'Polish',
  description: '',
  fields: [
    { name: 'text', label: 'Text', type: 'textarea', required: true, max_length: 3, placeholder: '', options: [] },
    { name: 'tone', label: 'Tone', type: 'select', required: false, max_length: 1, placeholder: '', options: [{ value: 'formal', label: 'Formal' }] },
  ],
  model: null,
};

describe('template form checks', () => {
  it('counts a field the way the server does: code points of the trimmed text', () => {
    expect(longFields(template, { text: ' 😀😀😀 ', tone: 'formal' })).toEqual([]);
    expect(longFields(template, { text: 'abcd', tone: 'formal' })).toEqual(['text']);
    // A select is checked against its options on the server, not by length.
    expect(longFields(template, { text: 'a', tone: 'formal-and-long' })).toEqual([]);
  });

  it('treats whitespace alone as empty', () => {
    expect(missingFields(template, { text: '  ', tone: '' })).toEqual(['text']);
  });
});
