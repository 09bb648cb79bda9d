import '@/styles/ai.css';
import '../doc.css';
import { useSearchParams } from 'react-router';
import { docIdsParam, DocReader, pageParam } from '../components/doc-reader';
import { H5Redirect } from '../components/h5-redirect';

/** `/doc/details?id=` (`&page=` opens at a page) and `/doc/chat?ids=`: the document on the left, its Q&A on the right. */
export default function DocDetailsPage() {
  const [params] = useSearchParams();
  return (
    <div className="doc-page doc-page--reader">
      <H5Redirect />
      <DocReader docIds={docIdsParam(params)} layout="split" backTo="/doc/manage" initialPage={pageParam(params)} />
    </div>
  );
}
