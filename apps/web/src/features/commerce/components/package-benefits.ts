import type { Package } from '@xueba/contract';

/**
 * Benefits are the administrator's free text. A bare number under "words" (3) or
 * "drawings" (4) is a count: it is labelled by `count`, and dropped when it only
 * repeats what the package itself grants (already listed with the grants).
 */
export function packageBenefits(pkg: Pick<Package, 'benefits' | 'word_count' | 'drawing_count'>, count: (type: number, n: number) => string): { type: number; text: string }[] {
  return pkg.benefits.flatMap((b) => {
    const value = b.value.trim();
    if (!/^\d{1,15}$/.test(value)) return [{ type: b.type, text: b.value }];
    const n = Number(value);
    if ((b.type === 3 && n === pkg.word_count) || (b.type === 4 && n === pkg.drawing_count)) return [];
    return [{ type: b.type, text: count(b.type, n) }];
  });
}
