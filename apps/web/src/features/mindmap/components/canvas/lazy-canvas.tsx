import { lazy, Suspense, type ComponentProps, type Ref } from 'react';
import type { CanvasHandle } from './mind-canvas';

const load = () => import('./mind-canvas');
// mind-elixir (~34 KB gzip with its styles) loads with the first map shown, not with the page.
const MindCanvas = lazy(load);

/** Starts loading the canvas while the map's data is still on its way (a page opened on a map). */
export function preloadCanvas(): void {
  void load();
}

type Props = ComponentProps<typeof MindCanvas>;

export function LazyCanvas({ canvasRef, ...props }: Omit<Props, 'ref'> & { canvasRef?: Ref<CanvasHandle> }) {
  return (
    <Suspense fallback={<div className="mm-canvas mm-canvas--loading" aria-busy="true" />}>
      <MindCanvas ref={canvasRef} {...props} />
    </Suspense>
  );
}
