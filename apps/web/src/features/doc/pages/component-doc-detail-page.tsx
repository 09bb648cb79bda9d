import '@/styles/ai.css';
import '../doc.css';
import { useSearchParams } from 'react-router';
import { useIsNarrow } from '@/hooks/use-narrow';
import { docIdsParam, DocReader, pageParam } from '../components/doc-reader';

/** `/components/doc-detail`: the reader for embedding (blank layout); it adapts to the frame's width instead of redirecting. */
export default function ComponentDocDetailPage() {
  const [params] = useSearchParams();
  const narrow = useIsNarrow();
  return (
    <div className="doc-page doc-page--embed">
      <DocReader docIds={docIdsParam(params)} layout={narrow ? 'tabs' : 'split'} backTo="/components/doc-manage" initialPage={pageParam(params)} />
    </div>
  );
}
