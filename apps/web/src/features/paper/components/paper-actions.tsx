import { Code, type PaperDetail } from '@xueba/contract';
import { ExportOutlined, FilePdfOutlined, FormatPainterOutlined, NodeIndexOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { WithAntd } from '@/components/with-antd';
import { useLocaleNavigate } from '@/hooks/use-locale';
import { api } from '@/lib/api';
import { useUser } from '@/lib/auth';
import { toast } from '@/lib/notify';
import { isRequestError, request } from '@/lib/request';
import { checkUrl, safeNavigate } from '@/lib/safe-navigate';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
import { useToggleFavorite } from '../api/favorite-paper';

// The dialog (antd Modal + Tabs) loads on first use, so the detail page itself ships without antd.
const CiteDialog = lazy(() => import('./cite-dialog'));

/** Favourite, cite, read the open PDF and open the landing page. */
export function PaperActions({ paper }: { paper: PaperDetail }) {
  const { t } = useTranslation();
  const { signedIn } = useUser();
  const favorite = useToggleFavorite(paper.id);
  const [citeOpen, setCiteOpen] = useState(false);
  const [citeLoaded, setCiteLoaded] = useState(false);
  const [fetching, setFetching] = useState(false);
  const navigate = useLocaleNavigate();

  /** "Read with Xueba": the server fetches the open PDF into the user's literature documents; the reader opens it. */
  const readWithXueba = async () => {
    if (!signedIn) {
      toast.info(t('msg.login_required'));
      openLogin(LOGIN_MODE.LOGIN);
      return;
    }
    setFetching(true);
    try {
      const doc = await request(api.docFromPaper, { paper_id: paper.id, type: 'literature' });
      navigate(`/doc/details?id=${doc.id}`);
    } catch {
      // The request layer shows the server's reason (membership, source unreachable, not a PDF).
    } finally {
      setFetching(false);
    }
  };

  const toggleFavorite = () => {
    if (!signedIn) {
      toast.info(t('msg.login_required'));
      openLogin(LOGIN_MODE.LOGIN);
      return;
    }
    favorite.mutate(!paper.is_favorite, {
      onSuccess: ({ is_favorite }) => toast.success(is_favorite ? t('msg.bookmark_added') : t('msg.bookmark_removed')),
      onError: (error) => {
        // A lapsed session already opened the login popup; a toast on top would repeat it.
        // A lapsed session already opened the login popup; a toast on top would repeat it.
        if (!isRequestError(error) || error.code !== Code.LOGIN_FAILURE) toast.error(isRequestError(error) && error.message ? error.message : t('errors.server_error'));
      },
    });
  };

  // Outside links come from imported data: only http(s) ones are offered, always in a new tab without opener.
  const pdf = paper.open_access && paper.pdf_url ? checkUrl(paper.pdf_url, { allowExternal: true }) : null;
  const landing = paper.url ?? (paper.doi ? `https://doi.org/${paper.doi}` : null);
  const landingUrl = landing ? checkUrl(landing, { allowExternal: true }) : null;
  const open = (href: string) => safeNavigate(() => undefined, href, { allowExternal: true });

  return (
    <div className="paper-actions">
      <button
        type="button"
        className={`btn${paper.is_favorite ? ' btn--active' : ''}`}
        onClick={toggleFavorite}
        disabled={favorite.isPending}
        aria-pressed={paper.is_favorite}
        data-testid="paper-favorite"
      >
        {paper.is_favorite ? <StarFilled aria-hidden="true" /> : <StarOutlined aria-hidden="true" />}
        {paper.is_favorite ? t('paper.favorited') : t('paper.favorite')}
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => {
          setCiteLoaded(true);
          setCiteOpen(true);
        }}
        data-testid="cite-open"
      >
        <FormatPainterOutlined aria-hidden="true" /> {t('paper.cite')}
      </button>
      {/* The mind map page makes the paper's map (its structure, or a summary with a model) and opens it. */}
      <LocaleLink to={`/app/mind_map?from=paper&paper_id=${encodeURIComponent(paper.id)}`} className="btn" data-testid="paper-mindmap">
        <NodeIndexOutlined aria-hidden="true" /> {t('paper.to_mind_map')}
      </LocaleLink>
      {pdf?.ok && (
        <button type="button" className="btn btn--primary" onClick={() => void readWithXueba()} disabled={fetching} data-testid="paper-read-with">
          <FilePdfOutlined aria-hidden="true" /> {fetching ? t('paper.read_fetching') : t('paper.read_with')}
        </button>
      )}
      {pdf?.ok && (
        <button type="button" className="btn btn--ghost" onClick={() => open(pdf.href)} data-testid="paper-read-pdf">
          <ExportOutlined aria-hidden="true" /> {t('paper.open_pdf')}
        </button>
      )}
      {landingUrl?.ok && (
        <button type="button" className="btn btn--ghost" onClick={() => open(landingUrl.href)} data-testid="paper-landing">
          <ExportOutlined aria-hidden="true" /> {t('paper.landing')}
        </button>
      )}
      {citeLoaded && (
        <WithAntd fallback={null}>
          <CiteDialog id={paper.id} open={citeOpen} onClose={() => setCiteOpen(false)} />
        </WithAntd>
      )}
    </div>
  );
}
