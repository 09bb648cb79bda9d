import '../doc.css';
import { useTranslation } from 'react-i18next';
import { DocManage } from '../components/doc-manage';
import { H5Redirect } from '../components/h5-redirect';

/** `/doc/manage`: the reader's research reports and literature. */
export default function DocManagePage() {
  const { t } = useTranslation();
  return (
    <div className="page doc-page">
      <H5Redirect />
      <h1 className="doc-page__title">{t('doc.manage.title')}</h1>
      <DocManage />
    </div>
  );
}
