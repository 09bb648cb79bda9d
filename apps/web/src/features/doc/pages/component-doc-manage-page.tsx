import '../doc.css';
import { DocManage } from '../components/doc-manage';

/** `/components/doc-manage`: the document list for embedding (blank layout). */
export default function ComponentDocManagePage() {
  return (
    <div className="doc-page doc-page--embed">
      <DocManage embedded />
    </div>
  );
}
