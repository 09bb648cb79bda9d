import '@/styles/ai.css';
import '../doc.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DocManage } from '../components/doc-manage';
import { docIdsParam, DocReader, pageParam } from '../components/doc-reader';

/** `/doc/h5`: the mobile page — the list, or one document with its Q&A as two tabs. */
export default function DocH5Page() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ids = docIdsParam(params);
  return (
    <div className="page doc-page doc-page--h5">
      {ids.length > 0 ? (
        <DocReader docIds={ids} layout="tabs" backTo="/doc/h5" initialPage={pageParam(params)} />
      ) : (
        <>
          <h1 className="doc-page__title">{t('doc.manage.title')}</h1>
          <DocManage />
        </>
      )}
    </div>
  );
}
