import { CheckOutlined, CloudUploadOutlined, DownloadOutlined, EditOutlined, ShareAltOutlined, WarningOutlined } from '@ant-design/icons';
import { MINDMAP_TITLE_MAX, type MindmapDetail } from '@xueba/contract';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '@/lib/create-store';
import { toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { themeStore } from '@/lib/theme-store';
import { renameMindmap } from '../api/mindmap-api';
import { storedDirection, storeDirection } from '../lib/layout-pref';
import { useAutosave, type SaveStatus } from '../hooks/use-autosave';
import type { Direction } from './canvas/canvas-theme';
import { LazyCanvas } from './canvas/lazy-canvas';
import type { CanvasHandle, SelectedNode } from './canvas/mind-canvas';
import { EditorToolbar } from './editor-toolbar';
import { ExportMenu } from './export-menu';
import { NodePanel } from './node-panel';
import { SharePanel } from './share-panel';

type Side = 'notes' | 'share' | 'export' | null;

function SaveState({ status, error, onRetry }: { status: SaveStatus; error: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  if (status === 'conflict') return null;
  if (status === 'failed') {
    return (
      <span className="mm-save mm-save--failed" role="status" data-testid="mm-save-state" data-state={status}>
        <WarningOutlined aria-hidden="true" /> {error ?? t('mindmap.save.failed')}{' '}
        <button type="button" className="link-btn" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </span>
    );
  }
  return (
    <span className="mm-save muted small" role="status" data-testid="mm-save-state" data-state={status}>
      {status === 'saved' ? <CheckOutlined aria-hidden="true" /> : <CloudUploadOutlined aria-hidden="true" />} {t(`mindmap.save.${status}`)}
    </span>
  );
}

function TitleEditor({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(title);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = value.trim();
    if (!next || next === title) {
      setEditing(false);
      setValue(title);
      return;
    }
    try {
      await renameMindmap(id, next);
      setEditing(false);
    } catch (err) {
      toast.error(isRequestError(err) && err.message ? err.message : t('errors.server_error'));
    }
  };
  if (!editing) {
    return (
      <h2 className="mm-title">
        <span data-testid="mm-title">{title}</span>
        <button type="button" className="icon-btn icon-btn--sm" onClick={() => setEditing(true)} aria-label={t('mindmap.history.rename')} title={t('mindmap.history.rename')} data-testid="mm-title-edit">
          <EditOutlined />
        </button>
      </h2>
    );
  }
  return (
    <form className="mm-title-form" onSubmit={(e) => void submit(e)}>
      <input autoFocus value={value} onChange={(e) => setValue(e.target.value)} maxLength={MINDMAP_TITLE_MAX} aria-label={t('mindmap.history.rename')} data-testid="mm-title-input" onBlur={(e) => void submit(e)} />
    </form>
  );
}

/** One open map: the editor, its autosave, notes and links, sharing and export (its own chunk: the first screen is the empty view). */
export default function MapWorkspace({ detail, onReload }: { detail: MindmapDetail; onReload: () => void }) {
  const { t } = useTranslation();
  const dark = useStore(themeStore, (s) => s.mode) === 'dark';
  const canvas = useRef<CanvasHandle | null>(null);
  const [direction, setDirection] = useState<Direction>(storedDirection);
  const [side, setSide] = useState<Side>(null);
  const [selected, setSelected] = useState<SelectedNode | null>(null);
  const save = useAutosave(detail.id, detail.revision);

  const changeDirection = (d: Direction) => {
    setDirection(d);
    storeDirection(d);
  };
  const toggle = (s: Side) => setSide((cur) => (cur === s ? null : s));
  const { change, retry } = save;
  // Sends a waiting edit now rather than after the quiet time (before an export reads the stored map).
  const flushNow = useCallback(() => retry(), [retry]);

  return (
    <section className="mm-workspace card" aria-label={t('mindmap.editor.title')} data-testid="mm-workspace" data-map-id={detail.id}>
      <header className="mm-workspace__head">
        <TitleEditor key={detail.title} id={detail.id} title={detail.title} />
        <SaveState status={save.status} error={save.error} onRetry={() => void retry()} />
        <span className="mm-workspace__actions">
          <button type="button" className={`btn btn--ghost${side === 'share' ? ' btn--active' : ''}`} onClick={() => toggle('share')} aria-expanded={side === 'share'} data-testid="mm-share-open">
            <ShareAltOutlined aria-hidden="true" /> {t('mindmap.share.title')}
          </button>
          <button type="button" className={`btn btn--ghost${side === 'export' ? ' btn--active' : ''}`} onClick={() => toggle('export')} aria-expanded={side === 'export'} data-testid="mm-export-open">
            <DownloadOutlined aria-hidden="true" /> {t('mindmap.export.title')}
          </button>
        </span>
      </header>
      {save.status === 'conflict' && (
        <div className="mm-banner mm-banner--warn" role="alert" data-testid="mm-conflict">
          <WarningOutlined aria-hidden="true" /> <span>{t('mindmap.save.conflict')}</span>
          <button type="button" className="btn btn--primary btn--sm" onClick={onReload} data-testid="mm-conflict-reload">
            {t('mindmap.save.reload')}
          </button>
        </div>
      )}
      {detail.notice_msg && (
        <p className="mm-banner" data-testid="mm-notice">
          {detail.notice_msg}
        </p>
      )}
      <EditorToolbar canvas={canvas} editable={save.status !== 'conflict'} direction={direction} onDirection={changeDirection} notesOpen={side === 'notes'} onNotes={() => toggle('notes')} />
      <div className="mm-stage">
        <div className="mm-stage__canvas">
          <LazyCanvas canvasRef={canvas} tree={detail.tree} editable={save.status !== 'conflict'} direction={direction} dark={dark} onChange={change} onDirty={save.markDirty} onClean={save.markClean} onSelect={setSelected} testId="mm-editor" />
        </div>
        {side && (
          <div className="mm-side" data-testid="mm-side">
            {side === 'notes' && <NodePanel key={selected?.id ?? 'none'} node={selected} onApply={(p) => canvas.current?.updateSelected(p)} onClose={() => setSide(null)} />}
            {side === 'share' && <SharePanel id={detail.id} shared={detail.shared} />}
            {side === 'export' && <ExportMenu id={detail.id} title={detail.title} layout={direction === 1 ? 'right' : 'both'} beforeExport={flushNow} />}
          </div>
        )}
      </div>
      <p className="mm-hint muted small">{t('mindmap.editor.shortcuts')}</p>
    </section>
  );
}
