import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Locale } from '@xueba/contract';
import { localizePath, splitLocale } from '@/lib/locale-path';

/** The language of the current URL (the prefix decides, spec §2). */
export function useLocale(): Locale {
  return splitLocale(useLocation().pathname).locale;
}

export function useLocalePath(): (path: string, locale?: Locale) => string {
  const current = useLocale();
  return useCallback((path: string, locale?: Locale) => localizePath(path, locale ?? current), [current]);
}

/** navigate() that keeps the language prefix of the current page. */
export function useLocaleNavigate(): (path: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  const localePath = useLocalePath();
  return useCallback((path: string, options?: { replace?: boolean }) => void navigate(localePath(path), options), [navigate, localePath]);
}
