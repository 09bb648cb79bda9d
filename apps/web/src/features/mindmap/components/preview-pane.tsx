import { LoadingOutlined, NodeIndexOutlined, StopOutlined } from '@ant-design/icons';
import type { MindmapNode } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { useStore } from '@/lib/create-store';
import { themeStore } from '@/lib/theme-store';
import { LazyCanvas } from './canvas/lazy-canvas';
import { storedDirection } from '../lib/layout-pref';

/** A map that is not stored yet: the outline being typed, or the one a model is streaming. */
export function PreviewPane({ tree, nodes, streaming, onStop, label }: { tree: MindmapNode; nodes: number; streaming: boolean; onStop?: () => void; label: string }) {
  const { t } = useTranslation();
  const dark = useStore(themeStore, (s) => s.mode) === 'dark';
  return (
    <section className="mm-workspace card" aria-label={label} aria-busy={streaming} data-testid="mm-preview">
      <header className="mm-workspace__head">
        <h2 className="mm-title">
          <span>{tree.topic}</span>
        </h2>
        <span className="muted small" role="status" data-testid="mm-preview-state">
          {streaming && <LoadingOutlined aria-hidden="true" />} {label} · {t('mindmap.history.nodes', { count: nodes })}
        </span>
        {streaming && onStop && (
          <span className="mm-workspace__actions">
            <button type="button" className="btn btn--ghost" onClick={onStop} data-testid="mm-stop">
              <StopOutlined aria-hidden="true" /> {t('mindmap.create.stop')}
            </button>
          </span>
        )}
      </header>
      <div className="mm-stage">
        <div className="mm-stage__canvas">
          <LazyCanvas tree={tree} editable={false} direction={storedDirection()} dark={dark} testId="mm-preview-canvas" />
        </div>
      </div>
    </section>
  );
}

export function EmptyView() {
  const { t } = useTranslation();
  return (
    <section className="mm-empty card" data-testid="mm-empty">
      <NodeIndexOutlined className="mm-empty__icon" aria-hidden="true" />
      <h2>{t('mindmap.empty.title')}</h2>
      <p className="muted">{t('mindmap.empty.body')}</p>
      <ul className="mm-empty__list muted small">
        <li>{t('mindmap.empty.topic')}</li>
        <li>{t('mindmap.empty.outline')}</li>
        <li>{t('mindmap.empty.document')}</li>
        <li>{t('mindmap.empty.import')}</li>
      </ul>
    </section>
  );
}
