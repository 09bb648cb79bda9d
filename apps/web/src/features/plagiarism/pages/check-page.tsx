import '../plagiarism.css';
import { FileSearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/lib/auth';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
import { usePlagiarismOptions } from '../api/plagiarism-api';
import { CheckForm } from '../components/check-form';
import { CheckList } from '../components/check-list';

/** `/paper/check`: submit a check (paste or upload, what to compare with, the price), and the list of reports. */
export default function CheckPage() {
  const { t } = useTranslation();
  const { signedIn } = useUser();
  const options = usePlagiarismOptions(signedIn);
  return (
    <div className="page plag-page" data-testid="plag-page">
      <header className="plag-head">
        <FileSearchOutlined className="plag-head__icon" aria-hidden="true" />
        <div>
          <h1>{t('plagiarism.title')}</h1>
          <p className="muted">{t('plagiarism.intro')}</p>
          <p className="muted small">{t('plagiarism.privacy')}</p>
        </div>
      </header>
      {signedIn ? (
        <div className="plag-grid">
          <CheckForm options={options.data} />
          <CheckList />
        </div>
      ) : (
        <section className="card plag-signin">
          <p>{t('plagiarism.sign_in')}</p>
          <button type="button" className="btn btn--primary" onClick={() => openLogin(LOGIN_MODE.LOGIN, t('plagiarism.sign_in'))}>
            {t('plagiarism.sign_in_action')}
          </button>
        </section>
      )}
    </div>
  );
}
