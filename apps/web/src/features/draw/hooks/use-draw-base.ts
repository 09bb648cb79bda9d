import { useLocation } from 'react-router';
import { stripLocale } from '@/lib/locale-path';

/** `/app/drawing` in the app area, `/drawing` on the older pages: the same components serve both. */
export function useDrawBase(): string {
  return stripLocale(useLocation().pathname).startsWith('/app/') ? '/app/drawing' : '/drawing';
}
