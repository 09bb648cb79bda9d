import '../mindmap.css';
import { HistoryOutlined, MenuFoldOutlined, MenuUnfoldOutlined, PlusOutlined } from '@ant-design/icons';
import type { MindmapCreateInput } from '@xueba/contract';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUser } from '@/lib/auth';
import { toast } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { isRequestError } from '@/lib/request';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
import { importMindmap, mindmapKeys, useMindmapDetail, useMindmapOptions } from '../api/mindmap-api';
import { preloadCanvas } from '../components/canvas/lazy-canvas';
import { EmptyView, PreviewPane } from '../components/preview-pane';
import { DocumentForm, ImportForm, ModelNeeded, OutlineForm, TopicForm } from '../components/source-forms';
import { useCreateMap } from '../hooks/use-create-map';
import { parseOutline } from '../lib/outline';

// The editor and the history are not part of the first screen (the empty view and the sources are).
const MapWorkspace = lazy(() => import('../components/map-workspace'));
const HistoryPanel = lazy(() => import('../components/history-panel'));

type Source = 'topic' | 'outline' | 'document' | 'import';
const SOURCES: Source[] = ['topic', 'outline', 'document', 'import'];

function readId(value: string | null): number | null {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** What the paper page and chat answers link to: `?from=paper&paper_id=` or `?from=answer&message_id=`. */
function linkedSource(params: URLSearchParams): MindmapCreateInput | null {
  const from = params.get('from');
  const paper = params.get('paper_id');
  const message = readId(params.get('message_id'));
  if (from === 'paper' && paper) return { source: 'paper', paper_id: paper };
  if (from === 'answer' && message) return { source: 'answer', message_id: message };
  return null;
}

/** `/app/mind_map`: the control panel (sources, history) beside the preview or the editor (spec §2). */
export default function MindMapPage() {
  const { t } = useTranslation();
  const { signedIn } = useUser();
  const [params, setParams] = useSearchParams();
  const id = readId(params.get('id'));
  const [panel, setPanel] = useState<'create' | 'history'>('create');
  const [source, setSource] = useState<Source>('topic');
  const [outline, setOutline] = useState('');
  const [importing, setImporting] = useState(false);
  const [reloads, setReloads] = useState(0);
  // The panel can step aside so the open map gets the whole width.
  const [panelHidden, setPanelHidden] = useState(false);
  const options = useMindmapOptions(signedIn);

  const open = useCallback(
    (mapId: number) => {
      // A map opened again is read afresh: another tab may have saved it since.
      if (mapId !== id) queryClient.removeQueries({ queryKey: mindmapKeys.detail(mapId) });
      setParams({ id: String(mapId) });
    },
    [id, setParams],
  );
  const create = useCreateMap(open);
  const busy = create.state.phase === 'starting' || create.state.phase === 'streaming';
  const detail = useMindmapDetail(busy ? null : id);
  useEffect(() => {
    if (id !== null) {
      preloadCanvas();
      void import('../components/map-workspace');
    }
  }, [id]);

  const requireSignIn = useCallback(() => {
    if (signedIn) return true;
    openLogin(LOGIN_MODE.LOGIN, t('mindmap.sign_in'));
    return false;
  }, [signedIn, t]);

  const submit = useCallback(
    (body: MindmapCreateInput, fallbackTitle: string) => {
      if (!requireSignIn()) return;
      setParams({}, { replace: true });
      void create.run(body, fallbackTitle || t('mindmap.untitled'));
    },
    [create, requireSignIn, setParams, t],
  );

  // A paper or an answer sent here: make its map once, then the URL names the map instead.
  const linked = useRef(false);
  useEffect(() => {
    const body = linkedSource(params);
    if (!body || linked.current) return;
    if (!signedIn) {
      requireSignIn();
      return;
    }
    linked.current = true;
    setParams({}, { replace: true });
    void create.run(body, t('mindmap.untitled'));
  }, [params, signedIn, create, setParams, requireSignIn, t]);

  const runImport = async (file: File) => {
    if (!requireSignIn()) return;
    setImporting(true);
    try {
      const result = await importMindmap(file);
      toast.success(t('mindmap.create.imported', { count: result.nodes }));
      open(result.id);
    } catch (e) {
      toast.error(isRequestError(e) && e.message ? e.message : t('errors.server_error'));
    } finally {
      setImporting(false);
    }
  };

  const reload = async () => {
    await detail.refetch();
    setReloads((n) => n + 1);
  };

  const deferredOutline = useDeferredValue(outline);
  const outlinePreview = useMemo(() => (deferredOutline.trim() ? parseOutline(deferredOutline, t('mindmap.untitled')) : null), [deferredOutline, t]);
  const switchToOutline = () => {
    setPanel('create');
    setSource('outline');
  };

  const { state } = create;
  const modelNeeded = state.error?.key === 'mindmap_model_required';
  let pane;
  if (busy && state.preview) pane = <PreviewPane tree={state.preview} nodes={state.nodes} streaming label={t('mindmap.create.generating')} onStop={() => void create.stop()} />;
  else if (busy) pane = <div className="mm-workspace card mm-progress" aria-busy="true" data-testid="mm-starting" />;
  else if (id !== null && detail.data)
    pane = (
      <Suspense fallback={<div className="mm-workspace card mm-progress" aria-busy="true" />}>
        <MapWorkspace key={`${id}:${reloads}`} detail={detail.data} onReload={() => void reload()} />
      </Suspense>
    );
  else if (id !== null && detail.isError)
    pane = (
      <section className="mm-empty card" role="alert" data-testid="mm-detail-error">
        <p>{detail.error.message || t('errors.server_error')}</p>
      </section>
    );
  else if (id !== null) pane = <div className="mm-workspace card mm-progress" aria-busy="true" />;
  else if (source === 'outline' && outlinePreview && panel === 'create') pane = <PreviewPane tree={outlinePreview.tree} nodes={outlinePreview.nodes} streaming={false} label={t('mindmap.create.preview')} />;
  else pane = <EmptyView />;

  return (
    <div className="page mm-page" data-testid="mindmap-page">
      <header className="mm-head">
        <h1>{t('mindmap.title')}</h1>
        {(busy || id !== null) && (
          <button type="button" className="btn btn--ghost mm-panel-toggle" onClick={() => setPanelHidden((h) => !h)} aria-pressed={panelHidden} data-testid="mm-panel-toggle">
            {panelHidden ? <MenuUnfoldOutlined aria-hidden="true" /> : <MenuFoldOutlined aria-hidden="true" />} {panelHidden ? t('mindmap.show_panel') : t('mindmap.hide_panel')}
          </button>
        )}
        <div className="mm-switch" role="tablist" aria-label={t('mindmap.panels')}>
          <button type="button" role="tab" aria-selected={panel === 'create'} className={panel === 'create' ? 'is-on' : ''} onClick={() => {
              setPanel('create');
              setPanelHidden(false);
            }} data-testid="mm-tab-create">
            <PlusOutlined aria-hidden="true" /> {t('mindmap.new')}
          </button>
          <button type="button" role="tab" aria-selected={panel === 'history'} className={panel === 'history' ? 'is-on' : ''} onClick={() => {
              setPanel('history');
              setPanelHidden(false);
            }} data-testid="mm-tab-history">
            <HistoryOutlined aria-hidden="true" /> {t('mindmap.history.title')}
          </button>
        </div>
      </header>
      <div className={`mm-layout${busy || id !== null ? ' mm-layout--map' : ''}${panelHidden && (busy || id !== null) ? ' mm-layout--wide' : ''}`}>
        <aside className="mm-control card" aria-label={t('mindmap.control')}>
          {panel === 'history' ? (
            signedIn ? (
              <Suspense fallback={<p className="muted small">{t('common.loading')}</p>}>
                <HistoryPanel activeId={id} onOpen={open} onDeleted={(gone) => gone === id && setParams({})} />
              </Suspense>
            ) : (
              <p className="muted" data-testid="mm-history-guest">
                {t('mindmap.history.guest')}{' '}
                <button type="button" className="link-btn" onClick={requireSignIn}>
                  {t('mindmap.sign_in_action')}
                </button>
              </p>
            )
          ) : (
            <>
              <div className="mm-sources" role="tablist" aria-label={t('mindmap.create.source')}>
                {SOURCES.map((s) => (
                  <button key={s} type="button" role="tab" aria-selected={source === s} className={source === s ? 'is-on' : ''} onClick={() => setSource(s)} data-testid={`mm-source-${s}`}>
                    {t(`mindmap.create.sources.${s}`)}
                  </button>
                ))}
              </div>
              {state.phase === 'failed' && state.error && !modelNeeded && (
                <p className="mm-banner mm-banner--warn" role="alert" data-testid="mm-create-error">
                  {state.error.message || t('mindmap.create.failed')}
                </p>
              )}
              {modelNeeded && source === 'topic' && options.data?.model !== false && <ModelNeeded message={state.error?.message || t('msg.mindmap_model_required')} onOutline={switchToOutline} />}
              {state.notice && !busy && (
                <p className="mm-banner" data-testid="mm-create-notice">
                  {state.notice}
                </p>
              )}
              {source === 'topic' && <TopicForm options={options.data} busy={busy} onSubmit={submit} onOutline={switchToOutline} />}
              {source === 'outline' && <OutlineForm text={outline} onText={setOutline} busy={busy} onSubmit={submit} />}
              {source === 'document' && (signedIn ? <DocumentForm options={options.data} busy={busy} onSubmit={submit} /> : <p className="muted">{t('mindmap.history.guest')}</p>)}
              {source === 'import' && <ImportForm busy={importing} onImport={(f) => void runImport(f)} />}
            </>
          )}
        </aside>
        <div className="mm-main">{pane}</div>
      </div>
    </div>
  );
}
