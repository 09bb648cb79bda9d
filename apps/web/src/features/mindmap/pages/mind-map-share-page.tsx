import '../mindmap.css';
import { NodeIndexOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '@/components/locale-link';
import { useLocale } from '@/hooks/use-locale';
import { useStore } from '@/lib/create-store';
import { formatDate } from '@/lib/format';
import { themeStore } from '@/lib/theme-store';
import { useSharedMindmap } from '../api/mindmap-api';
import type { Direction } from '../components/canvas/canvas-theme';
import { LazyCanvas } from '../components/canvas/lazy-canvas';
import type { CanvasHandle, SelectedNode } from '../components/canvas/mind-canvas';
import { EditorToolbar } from '../components/editor-toolbar';
import { storedDirection } from '../lib/layout-pref';
import { safeLink } from '../lib/convert';

/** `/mind_map/share?token=`: a shared map, read-only, for anyone with the link. */
export default function MindMapSharePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const shared = useSharedMindmap(token);
  const dark = useStore(themeStore, (s) => s.mode) === 'dark';
  const canvas = useRef<CanvasHandle | null>(null);
  const [direction, setDirection] = useState<Direction>(storedDirection);
  const [selected, setSelected] = useState<SelectedNode | null>(null);
  const link = safeLink(selected?.link);
  const title = shared.data?.title;

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  return (
    <div className="mm-share-page" data-testid="mindmap-share-page">
      <header className="mm-share-page__head">
        <LocaleLink to="/app/mind_map" className="mm-share-page__brand">
          <NodeIndexOutlined aria-hidden="true" /> {t('mindmap.title')}
        </LocaleLink>
        {shared.data && (
          <div className="mm-share-page__title">
            <h1 data-testid="mm-shared-title">{shared.data.title}</h1>
            <span className="muted small">
              {t('mindmap.share.read_only')} · {formatDate(shared.data.updated_at, locale, true)}
            </span>
          </div>
        )}
      </header>
      {!token || shared.isError ? (
        <section className="mm-empty card" role="alert" data-testid="mm-shared-error">
          <NodeIndexOutlined className="mm-empty__icon" aria-hidden="true" />
          <p>{shared.error?.message || t('msg.mindmap_share_invalid')}</p>
          <LocaleLink to="/app/mind_map" className="btn btn--primary">
            {t('mindmap.share.make_own')}
          </LocaleLink>
        </section>
      ) : shared.data ? (
        <section className="mm-workspace card mm-share-page__map">
          <EditorToolbar canvas={canvas} editable={false} direction={direction} onDirection={setDirection} />
          <div className="mm-stage">
            <div className="mm-stage__canvas">
              <LazyCanvas canvasRef={canvas} tree={shared.data.tree} editable={false} direction={direction} dark={dark} onSelect={setSelected} testId="mm-shared-canvas" />
            </div>
          </div>
          {/* A node's note and link, read-only, when the selected node has any. */}
          {selected && (selected.note || link) && (
            <aside className="mm-banner" data-testid="mm-shared-note">
              <strong>{selected.topic}</strong>
              {selected.note && <span className="mm-shared-note">{selected.note}</span>}
              {link && (
                <a href={link} target="_blank" rel="noopener noreferrer nofollow">
                  {link}
                </a>
              )}
            </aside>
          )}
        </section>
      ) : (
        <div className="mm-workspace card mm-progress" aria-busy="true" />
      )}
    </div>
  );
}
