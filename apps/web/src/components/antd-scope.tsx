import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { useMemo, type ReactNode } from 'react';
import { useStore } from '@/lib/create-store';
import { currentLocale } from '@/lib/i18n';
import { themeConfig } from '@/lib/theme';
import { themeStore } from '@/lib/theme-store';
import { useTranslation } from 'react-i18next';
import { useAntdLocale } from './antd-locale';

/**
 * antd's theme (light/dark) and locale for a subtree. Only the parts that use
 * antd components mount it, so the first screen ships without antd's runtime.
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  const mode = useStore(themeStore, (s) => s.mode);
  const { i18n } = useTranslation();
  // useTranslation re-renders on languageChanged; read the normalised locale then.
  const locale = i18n.language ? currentLocale() : 'zh';
  const antdLocale = useAntdLocale(locale);
  const theme = useMemo(() => themeConfig(mode), [mode]);
  // Always a locale, never undefined: antd wraps the tree in its locale provider
  // only when one is given, so the language's chunk arriving later re-mounted
  // everything below — an open sign-up popup lost the email just typed. Until
  // it arrives, antd's own default (English, already in its runtime) stands in.
  return (
    <ConfigProvider theme={theme} locale={antdLocale ?? enUS}>
      {children}
    </ConfigProvider>
  );
}
