import { CloseOutlined } from '@ant-design/icons';
import { MINDMAP_LINK_MAX, MINDMAP_NOTE_MAX } from '@xueba/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { safeLink } from '../lib/convert';
import type { SelectedNode } from './canvas/mind-canvas';

/** Note and link of the selected node. The editor keys it by the node id, so switching nodes starts from that node's own values. */
export function NodePanel({ node, onApply, onClose }: { node: SelectedNode | null; onApply: (patch: { note: string; link: string }) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState(node?.note ?? '');
  const [link, setLink] = useState(node?.link ?? '');
  const badLink = link.trim() !== '' && !safeLink(link.trim());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (badLink) return;
    onApply({ note, link });
  };

  return (
    <aside className="mm-node-panel" aria-label={t('mindmap.node.title')} data-testid="mm-node-panel">
      <header className="mm-node-panel__head">
        <h3>{t('mindmap.node.title')}</h3>
        <button type="button" className="icon-btn icon-btn--sm" onClick={onClose} aria-label={t('common.close')}>
          <CloseOutlined />
        </button>
      </header>
      {node ? (
        <form onSubmit={submit} className="mm-node-panel__form">
          <p className="mm-node-panel__topic" title={node.topic}>
            {node.topic}
          </p>
          <label className="mm-field">
            <span>{t('mindmap.node.note')}</span>
            <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={6} maxLength={MINDMAP_NOTE_MAX} placeholder={t('mindmap.node.note_placeholder')} data-testid="mm-node-note" />
          </label>
          <label className="mm-field">
            <span>{t('mindmap.node.link')}</span>
            <input type="url" value={link} onChange={(e) => setLink(e.target.value)} maxLength={MINDMAP_LINK_MAX} placeholder="https://" aria-invalid={badLink} data-testid="mm-node-link" />
          </label>
          {badLink && (
            <p className="mm-error small" role="alert">
              {t('msg.mindmap_link_invalid')}
            </p>
          )}
          <button type="submit" className="btn btn--primary" disabled={badLink} data-testid="mm-node-apply">
            {t('common.save')}
          </button>
        </form>
      ) : (
        <p className="muted small">{t('mindmap.node.pick')}</p>
      )}
    </aside>
  );
}
