import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { PageSpinner } from './page-spinner';

const AntdScope = lazy(() => import('./antd-scope'));

/** Wraps lazily loaded UI that uses antd in its theme/locale provider (loaded with it, never on the first screen). */
export function WithAntd({ children, fallback = <PageSpinner /> }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <AntdScope>{children}</AntdScope>
    </Suspense>
  );
}

export function withAntd<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Wrapped(props: P) {
    return (
      <WithAntd>
        <Component {...props} />
      </WithAntd>
    );
  }
  Wrapped.displayName = `WithAntd(${Component.displayName ?? Component.name})`;
  return Wrapped;
}
