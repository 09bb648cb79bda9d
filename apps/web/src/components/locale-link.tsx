import { forwardRef, useRef, type AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { useLocalePath } from '@/hooks/use-locale';
import { schedulePrefetch } from '@/lib/prefetch';

export interface LocaleLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Unprefixed in-app path; the current language prefix is added. */
  to: string;
  replace?: boolean;
}

/** In-app link that keeps the language prefix and prefetches its page 100 ms into a hover or focus. */
export const LocaleLink = forwardRef<HTMLAnchorElement, LocaleLinkProps>(function LocaleLink({ to, onMouseEnter, onMouseLeave, onFocus, ...rest }, ref) {
  const localePath = useLocalePath();
  const cancel = useRef<(() => void) | null>(null);
  const target = localePath(to);
  const start = () => {
    cancel.current?.();
    cancel.current = schedulePrefetch(target);
  };
  return (
    <Link
      ref={ref}
      to={target}
      onMouseEnter={(e) => {
        start();
        onMouseEnter?.(e);
      }}
      onMouseLeave={(e) => {
        cancel.current?.();
        onMouseLeave?.(e);
      }}
      onFocus={(e) => {
        start();
        onFocus?.(e);
      }}
      {...rest}
    />
  );
});
