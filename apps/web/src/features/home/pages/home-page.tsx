import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '@/components/locale-link';
import { useUser } from '@/lib/auth';
import { useSiteConfig } from '@/lib/site-config';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
import { Capabilities } from '../components/capabilities';
import { ProblemExamples } from '../components/problem-examples';
import { isNewAccount } from '../lib/greeting';

export default function HomePage() {
  const { t } = useTranslation();
  const { config } = useSiteConfig();
  const { user } = useUser();
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  const intro = config.pc_page.intro || t('home.intro');

  return (
    <div className="page home" data-testid="home-page">
      <section className="hero">
        <p className="hero__eyebrow">{t('home.eyebrow')}</p>
        <h1 className="hero__title">{user ? t(isNewAccount(user.create_time) ? 'home.greeting_new' : 'home.greeting_user', { name: user.nickname }) : t('home.greeting')}</h1>
        <p className="hero__intro">{intro}</p>
        <div className="hero__actions">
          {user ? (
            <LocaleLink to="/user/info" className="btn btn--primary btn--lg">
              {t('home.cta_profile')}
            </LocaleLink>
          ) : (
            <button type="button" className="btn btn--primary btn--lg" onClick={() => openLogin(LOGIN_MODE.REGISTER_EMAIL)} data-testid="home-register">
              {t('home.cta_start')}
            </button>
          )}
          <LocaleLink to="/introduce" className="btn btn--ghost btn--lg">
            {t('home.cta_learn')}
          </LocaleLink>
        </div>
      </section>

      <section className="section" aria-labelledby="examples-title">
        <div className="section__head">
          <h2 id="examples-title">{query ? t('home.search_results', { query }) : t('home.examples_title')}</h2>
          {query && (
            <LocaleLink to="/" className="link-btn">
              {t('home.clear_search')}
            </LocaleLink>
          )}
        </div>
        <ProblemExamples examples={config.pc_page.problem_examples} query={query} />
      </section>

      <section className="section" aria-labelledby="cap-title">
        <div className="section__head">
          <h2 id="cap-title">{t('home.cap_title')}</h2>
        </div>
        <Capabilities />
      </section>
    </div>
  );
}
