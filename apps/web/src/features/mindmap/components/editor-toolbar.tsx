import {
  AimOutlined,
  BranchesOutlined,
  DeleteOutlined,
  ExpandOutlined,
  FileTextOutlined,
  NodeExpandOutlined,
  RedoOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanvasHandle } from './canvas/mind-canvas';
import type { Direction } from './canvas/canvas-theme';

export const LAYOUTS: { value: Direction; key: string }[] = [
  { value: 2, key: 'both' },
  { value: 1, key: 'right' },
  { value: 0, key: 'left' },
  { value: 3, key: 'down' },
];

function Tool({ label, onClick, children, testId, disabled, pressed }: { label: string; onClick: () => void; children: ReactNode; testId: string; disabled?: boolean; pressed?: boolean }) {
  return (
    <button type="button" className="icon-btn mm-tool" onClick={onClick} aria-label={label} title={label} data-testid={testId} disabled={disabled} aria-pressed={pressed}>
      {children}
    </button>
  );
}

/** The editor's buttons; each has a keyboard shortcut on the canvas too (Tab, Enter, Delete, Ctrl+Z/Y). */
export function EditorToolbar({
  canvas,
  editable,
  direction,
  onDirection,
  notesOpen,
  onNotes,
}: {
  canvas: RefObject<CanvasHandle | null>;
  editable: boolean;
  direction: Direction;
  onDirection: (d: Direction) => void;
  notesOpen?: boolean;
  onNotes?: () => void;
}) {
  const { t } = useTranslation();
  const c = () => canvas.current;
  return (
    <div className="mm-toolbar" role="toolbar" aria-label={t('mindmap.editor.toolbar')}>
      {editable && (
        <span className="mm-toolbar__group">
          <Tool label={t('mindmap.editor.undo')} onClick={() => c()?.undo()} testId="mm-undo">
            <UndoOutlined />
          </Tool>
          <Tool label={t('mindmap.editor.redo')} onClick={() => c()?.redo()} testId="mm-redo">
            <RedoOutlined />
          </Tool>
          <Tool label={t('mindmap.editor.add_child')} onClick={() => c()?.addChild()} testId="mm-add-child">
            <NodeExpandOutlined />
          </Tool>
          <Tool label={t('mindmap.editor.add_sibling')} onClick={() => c()?.addSibling()} testId="mm-add-sibling">
            <BranchesOutlined />
          </Tool>
          <Tool label={t('mindmap.editor.remove')} onClick={() => c()?.remove()} testId="mm-remove">
            <DeleteOutlined />
          </Tool>
          {onNotes && (
            <Tool label={t('mindmap.editor.notes')} onClick={onNotes} testId="mm-notes-toggle" pressed={notesOpen}>
              <FileTextOutlined />
            </Tool>
          )}
        </span>
      )}
      <span className="mm-toolbar__group">
        <label className="mm-layout-pick">
          <span className="sr-only">{t('mindmap.editor.layout')}</span>
          <select value={direction} onChange={(e) => onDirection(Number(e.target.value) as Direction)} title={t('mindmap.editor.layout')} data-testid="mm-layout">
            {LAYOUTS.map((l) => (
              <option key={l.value} value={l.value}>
                {t(`mindmap.layout.${l.key}`)}
              </option>
            ))}
          </select>
        </label>
        <Tool label={t('mindmap.editor.zoom_out')} onClick={() => c()?.zoom(-0.2)} testId="mm-zoom-out">
          <ZoomOutOutlined />
        </Tool>
        <Tool label={t('mindmap.editor.zoom_in')} onClick={() => c()?.zoom(0.2)} testId="mm-zoom-in">
          <ZoomInOutlined />
        </Tool>
        <Tool label={t('mindmap.editor.fit')} onClick={() => c()?.fit()} testId="mm-fit">
          <AimOutlined />
        </Tool>
        <Tool label={t('mindmap.editor.fullscreen')} onClick={() => c()?.fullscreen()} testId="mm-fullscreen">
          <ExpandOutlined />
        </Tool>
      </span>
    </div>
  );
}
