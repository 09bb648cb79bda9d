import { lazy, Suspense, type ComponentProps, type Ref } from 'react';
import type { CanvasHandle } from './mind-canvas';

// mind-elixir (~34 KB gzip with its styles) loads with the first map shown, not with the page.
const MindCanvas = lazy(() => import('./mind-canvas'));

type Props = ComponentProps<typeof MindCanvas>;

export function LazyCanvas({ canvasRef, ...props }: Omit<Props, 'ref'> & { canvasRef?: Ref<CanvasHandle> }) {
  return (
    <Suspense fallback={<div className="mm-canvas mm-canvas--loading" aria-busy="true" />}>
      <MindCanvas ref={canvasRef} {...props} />
    </Suspense>
  );
}
