import { getItem, setItem } from '@/lib/storage';
import type { Direction } from '../components/canvas/canvas-theme';

/** The layout last chosen, a viewing preference of this browser (both sides by default). */
export function storedDirection(): Direction {
  const d = getItem<number>('mindmap_layout');
  return d === 0 || d === 1 || d === 2 || d === 3 ? d : 2;
}

export function storeDirection(d: Direction): void {
  setItem('mindmap_layout', d);
}
