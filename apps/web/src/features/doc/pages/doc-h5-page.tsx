import '@/styles/ai.css';
import '../doc.css';
import { useSearchParams } from 'react-router';
import { DocManage } from '../components/doc-manage';
import { docIdsParam, DocReader } from '../components/doc-reader';

/** `/doc/h5`: the mobile page — the list, or one document with its Q&A as two tabs. */
export default function DocH5Page() {
  const [params] = useSearchParams();
  const ids = docIdsParam(params);
  return <div className="doc-page doc-page--h5">{ids.length > 0 ? <DocReader docIds={ids} layout="tabs" backTo="/doc/h5" /> : <DocManage />}</div>;
}
