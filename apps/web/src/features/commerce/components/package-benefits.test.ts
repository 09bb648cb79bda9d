import { describe, expect, it } from 'vitest';
import { packageBenefits } from './package-benefits';

const count = (type: number, n: number) => `${type}:${n}`;

describe('packageBenefits', () => {
  it('keeps text benefits as written', () => {
    expect(packageBenefits({ benefits: [{ type: 1, value: 'Unlimited chat' }], word_count: 0, drawing_count: 0 }, count)).toEqual([{ type: 1, text: 'Unlimited chat' }]);
  });

  it('drops a bare number that repeats the granted words or drawings', () => {
    const pkg = { benefits: [{ type: 3, value: '100000' }, { type: 4, value: ' 20 ' }], word_count: 100_000, drawing_count: 20 };
    expect(packageBenefits(pkg, count)).toEqual([]);
  });

  it('labels a bare number that differs from the grant', () => {
    const pkg = { benefits: [{ type: 3, value: '5000' }, { type: 0, value: '7' }], word_count: 100_000, drawing_count: 0 };
    expect(packageBenefits(pkg, count)).toEqual([
      { type: 3, text: '3:5000' },
      { type: 0, text: '0:7' },
    ]);
  });
});
