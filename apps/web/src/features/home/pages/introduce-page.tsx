import { useTranslation } from 'react-i18next';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
import { useUser } from '@/lib/auth';
import { Capabilities } from '../components/capabilities';

const STEPS = ['register', 'ask', 'refine'] as const;

/** Introduction with its title, intro and guide parts (spec §2). */
export default function IntroducePage() {
  const { t } = useTranslation();
  const { user } = useUser();
  return (
    <div className="page introduce" data-testid="introduce-page">
      <section className="hero hero--compact">
        <p className="hero__eyebrow">{t('introduce.eyebrow')}</p>
        <h1 className="hero__title">{t('introduce.title')}</h1>
        <p className="hero__intro">{t('introduce.intro')}</p>
      </section>
      <section className="section">
        <div className="section__head">
          <h2>{t('introduce.guide_title')}</h2>
        </div>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step} className="step">
              <span className="step__num">{index + 1}</span>
              <div>
                <h3>{t(`introduce.steps.${step}.title`)}</h3>
                <p>{t(`introduce.steps.${step}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
        {!user && (
          <button type="button" className="btn btn--primary" onClick={() => openLogin(LOGIN_MODE.REGISTER_EMAIL)}>
            {t('home.cta_start')}
          </button>
        )}
      </section>
      <section className="section">
        <div className="section__head">
          <h2>{t('home.cap_title')}</h2>
        </div>
        <Capabilities />
      </section>
      <p className="muted small">{t('shell.disclaimer')}</p>
    </div>
  );
}
