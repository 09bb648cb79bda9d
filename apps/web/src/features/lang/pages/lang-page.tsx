import { LOCALES, type Locale } from '@xueba/contract';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLocale } from '@/hooks/use-locale';
import { localizePath } from '@/lib/locale-path';
import { safeInternalPath } from '@/lib/safe-navigate';

/** Each language names itself, so a visitor who cannot read the current one still finds theirs. */
export const LANGUAGE_NAMES: Record<Locale, string> = { zh: '简体中文', en: 'English', ja: '日本語', ko: '한국어' };

export default function LangPage() {
  const { t } = useTranslation();
  const current = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeInternalPath(params.get('redirect'), '/');

  return (
    <div className="center-card lang-page" data-testid="lang-page">
      <h1>{t('lang.title')}</h1>
      <p className="muted">{t('lang.subtitle')}</p>
      <ul className="lang-list">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <button
              type="button"
              className={`lang-option${locale === current ? ' is-active' : ''}`}
              lang={locale}
              aria-pressed={locale === current}
              data-testid={`lang-${locale}`}
              onClick={() => void navigate(localizePath(`/lang/redirect?redirect=${encodeURIComponent(target)}`, locale))}
            >
              <span>{LANGUAGE_NAMES[locale]}</span>
              {locale === current && <CheckOutlined aria-hidden="true" />}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
