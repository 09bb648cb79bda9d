import { Navigate, useLocation } from 'react-router';
import { useLocalePath } from '@/hooks/use-locale';
import { useIsNarrow } from '@/hooks/use-narrow';

/** Spec §2: below 1000 px wide a desktop document page becomes the mobile page, with the same query. */
export function H5Redirect() {
  const narrow = useIsNarrow();
  const location = useLocation();
  const localePath = useLocalePath();
  return narrow ? <Navigate replace to={`${localePath('/doc/h5')}${location.search}`} /> : null;
}
