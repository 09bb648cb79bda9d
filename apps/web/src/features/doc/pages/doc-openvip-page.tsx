import '../doc.css';
import { useSearchParams } from 'react-router';
import { DocVip } from '../components/doc-vip';

/** `/doc/openvip` (and the `/components/open-doc-vip` embed): the document-membership entry. */
export default function DocOpenVipPage() {
  const [params] = useSearchParams();
  return (
    <div className="page doc-page">
      <DocVip highlight={params.get('type')} />
    </div>
  );
}
