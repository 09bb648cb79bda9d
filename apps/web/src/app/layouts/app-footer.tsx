import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { checkUrl } from '@/lib/safe-navigate';
import { useSiteConfig } from '@/lib/site-config';

/** Footer: copyright list and ICP from config, the policies, and the AI-content disclaimer (spec §1). */
export function AppFooter() {
  const { t } = useTranslation();
  const { config } = useSiteConfig();
  return (
    <footer className="app-footer">
      <p className="app-footer__disclaimer">{t('shell.disclaimer')}</p>
      <nav className="app-footer__links" aria-label={t('shell.footer')}>
        <LocaleLink to="/news" data-testid="footer-news">{t('nav.news')}</LocaleLink>
        <LocaleLink to="/help" data-testid="footer-help">{t('nav.help')}</LocaleLink>
        <LocaleLink to="/policy/service">{t('policy.service')}</LocaleLink>
        <LocaleLink to="/policy/privacy">{t('policy.privacy')}</LocaleLink>
        <LocaleLink to="/uiec" data-testid="footer-uiec">
          {t('nav.uiec')}
        </LocaleLink>
        {config.copyright.map((item, index) => {
          // Admin-entered links may point anywhere on the web, but never to javascript: or data:.
          const safe = item.link ? checkUrl(item.link, { allowExternal: true }) : null;
          return safe?.ok ? (
            <a key={index} href={safe.href} target={safe.external ? '_blank' : undefined} rel={safe.external ? 'noopener noreferrer' : undefined}>
              {item.name}
            </a>
          ) : (
            <span key={index}>{item.name}</span>
          );
        })}
        {config.website.icp && <span>{config.website.icp}</span>}
      </nav>
    </footer>
  );
}
