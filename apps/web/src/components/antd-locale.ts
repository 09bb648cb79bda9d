import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from '@xueba/contract';
import { useEffect, useState } from 'react';

// antd's own texts (pagination, empty states, modal buttons) in the UI language, loaded per language on demand.
const loaders: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  zh: () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  ja: () => import('antd/es/locale/ja_JP'),
  ko: () => import('antd/es/locale/ko_KR'),
};

export function useAntdLocale(locale: Locale): AntdLocale | undefined {
  const [loaded, setLoaded] = useState<{ locale: Locale; value: AntdLocale } | null>(null);
  useEffect(() => {
    let alive = true;
    loaders[locale]().then(
      (mod) => alive && setLoaded({ locale, value: mod.default }),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [locale]);
  return loaded?.value;
}
