import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, MenuFoldOutlined, MenuUnfoldOutlined, PauseOutlined, PlusOutlined, ReloadOutlined, RobotOutlined, SubnodeOutlined } from '@ant-design/icons';
import { PAPER_WRITE_BRIEF_MAX, PAPER_WRITE_HEADING_MAX, PAPER_WRITE_SECTIONS_MAX, type PaperWriteDetail, type PaperWriteOptions } from '@xueba/contract';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '@/lib/query-client';
import { confirmBox } from '@/lib/notify';
import { hasKey, isRequestError } from '@/lib/request';
import { defaultOutline, paperWriteKeys, saveOutline } from '../api/paper-write-api';
import type { WriteStream } from '../hooks/use-write-stream';
import { fromSections, toNodes } from '../lib/outline-convert';
import { addAfter, addChild, firstBlank, flatten, indent, MAX_DEPTH, move, newKey, outdent, remove, rename, sameOutline, setBrief, type OutlineNode } from '../lib/outline-tree';

type SaveState = { kind: 'saved' } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'error'; message: string; conflict: boolean };

// Edits are saved this long after the last keystroke: a reload loses at most this much.
const AUTOSAVE_MS = 1200;

function countNodes(nodes: OutlineNode[]): number {
  return nodes.reduce((n, node) => n + 1 + countNodes(node.children), 0);
}

/**
 * Step 2: the outline as an editable tree. Edits save themselves shortly
 * after typing stops (over the revision loaded, as mind maps do); a model can
 * write the outline (streamed), and without one the kind's default outline
 * can be loaded to start from.
 */
export function OutlineStep({ detail, options, writer }: { detail: PaperWriteDetail; options: PaperWriteOptions | undefined; writer: WriteStream }) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<OutlineNode[]>(() => fromSections(detail.outline));
  const [save, setSave] = useState<SaveState>({ kind: 'saved' });
  // What the server holds: edits are compared with it, and a newer revision from elsewhere replaces the tree.
  const base = useRef({ revision: detail.outline_revision, tree });
  const generating = writer.busy && writer.state.task === 'outline';

  useEffect(() => {
    if (detail.outline_revision === base.current.revision) return;
    const next = fromSections(detail.outline);
    base.current = { revision: detail.outline_revision, tree: next };
    setTree(next);
    setSave({ kind: 'saved' });
  }, [detail.outline_revision, detail.outline]);

  // Saves run one after another: each names the revision the one before it got.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const persist = useCallback(
    (nodes: OutlineNode[]) => {
      const blank = firstBlank(nodes);
      if (blank || nodes.length === 0) return;
      queue.current = queue.current.then(async () => {
        setSave({ kind: 'saving' });
        try {
          await saveOutline(detail.id, { revision: base.current.revision, outline: toNodes(nodes) }, (saved) => {
            const stored = fromSections(saved.outline);
            base.current = { revision: saved.revision, tree: stored };
            // Sections made here get their server keys, unless the tree changed while saving.
            setTree((current) => (current === nodes ? stored : current));
          });
          setSave((s) => (s.kind === 'saving' ? { kind: 'saved' } : s));
        } catch (error) {
          const message = isRequestError(error) && error.message ? error.message : t('errors.server_error');
          setSave({ kind: 'error', message, conflict: hasKey(error, 'paper_write_conflict') });
        }
      });
    },
    [detail.id, t],
  );

  // Saves a while after the last edit; nothing to save when the tree is what the server has.
  useEffect(() => {
    if (generating || sameOutline(tree, base.current.tree)) return;
    setSave((s) => (s.kind === 'error' && s.conflict ? s : { kind: 'dirty' }));
    const timer = window.setTimeout(() => persist(tree), AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [tree, generating, persist]);

  const edit = (next: OutlineNode[]) => setTree(next);
  const rows = flatten(tree);
  const full = countNodes(tree) >= PAPER_WRITE_SECTIONS_MAX;
  const blank = firstBlank(tree);

  const generate = async () => {
    if (tree.length > 0) {
      const ok = await confirmBox({ title: t('paperwrite.outline.regenerate'), content: t('paperwrite.outline.regenerate_confirm'), okText: t('common.confirm'), cancelText: t('common.cancel') });
      if (!ok) return;
    }
    await writer.run('outline', { id: detail.id });
  };
  const loadDefault = async () => {
    const ok = tree.length === 0 || (await confirmBox({ title: t('paperwrite.outline.load_default'), content: t('paperwrite.outline.regenerate_confirm'), okText: t('common.confirm'), cancelText: t('common.cancel') }));
    if (!ok) return;
    try {
      const { outline } = await defaultOutline(detail.id);
      // Sections whose heading is unchanged keep their key (and so their text).
      const byHeading = new Map(flatten(tree).map((r) => [r.node.title.trim(), r.node.key]));
      const make = (nodes: typeof outline): OutlineNode[] => nodes.map((n) => ({ key: n.key ?? byHeading.get(n.heading) ?? newKey(), title: n.heading, brief: n.brief ?? '', children: make(n.children) }));
      edit(make(outline));
    } catch (error) {
      setSave({ kind: 'error', message: isRequestError(error) && error.message ? error.message : t('errors.server_error'), conflict: false });
    }
  };
  const reloadStored = async () => {
    base.current = { revision: -1, tree: base.current.tree };
    await queryClient.invalidateQueries({ queryKey: paperWriteKeys.detail(detail.id) });
  };
  const removeNode = async (node: OutlineNode) => {
    const ok = await confirmBox({ title: t('paperwrite.outline.delete'), content: t('paperwrite.outline.delete_confirm', { title: node.title || t('paperwrite.outline.new_section') }), okText: t('common.delete'), cancelText: t('common.cancel') });
    if (ok) setTree((current) => remove(current, node.key));
  };
  const newSection = (): OutlineNode => ({ key: newKey(), title: t('paperwrite.outline.new_section'), brief: '', children: [] });

  return (
    <section className="pw-card pw-section" aria-labelledby="pw-outline-h" data-testid="pw-outline">
      <div className="pw-section__head">
        <h2 id="pw-outline-h">{t('paperwrite.outline.heading')}</h2>
        <div className="pw-actions">
          <span className="muted small" role="status" data-testid="pw-outline-save">
            {save.kind === 'saving' ? t('paperwrite.editor.saving') : save.kind === 'dirty' ? t('paperwrite.editor.unsaved') : save.kind === 'saved' ? t('paperwrite.editor.saved') : ''}
          </span>
          {options?.model ? (
            generating ? (
              <button type="button" className="btn btn--ghost" onClick={() => void writer.stop()} data-testid="pw-outline-stop">
                <PauseOutlined aria-hidden="true" /> {t('paperwrite.outline.stop')}
              </button>
            ) : (
              <button type="button" className="btn btn--primary" disabled={writer.busy} onClick={() => void generate()} data-testid="pw-outline-generate">
                <RobotOutlined aria-hidden="true" /> {tree.length > 0 ? t('paperwrite.outline.regenerate') : t('paperwrite.outline.generate')}
              </button>
            )
          ) : (
            <button type="button" className="btn btn--outline" disabled={writer.busy} onClick={() => void loadDefault()} data-testid="pw-outline-default">
              <ReloadOutlined aria-hidden="true" /> {t('paperwrite.outline.load_default')}
            </button>
          )}
        </div>
      </div>
      <p className="muted small">{options && !options.model ? t('paperwrite.outline.no_model') : t('paperwrite.outline.intro')}</p>
      {save.kind === 'error' && (
        <p className="pw-banner pw-banner--error" role="alert" data-testid="pw-outline-error">
          {t('paperwrite.editor.save_failed', { msg: save.message })}{' '}
          {save.conflict && (
            <button type="button" className="link-btn" onClick={() => void reloadStored()}>
              {t('paperwrite.editor.reload')}
            </button>
          )}
        </p>
      )}
      {blank && (
        <p className="pw-field__error" role="alert">
          {t('paperwrite.outline.heading_required')}
        </p>
      )}
      {writer.state.task === 'outline' && writer.state.error && !generating && (
        <p className="pw-banner pw-banner--error" role="alert" data-testid="pw-outline-gen-error">
          {writer.state.error.message || t('errors.server_error')}
        </p>
      )}
      {writer.state.task === 'outline' && writer.state.notice && !generating && <p className="pw-banner">{writer.state.notice}</p>}
      {generating ? (
        <div aria-busy="true" data-testid="pw-outline-streaming">
          <p className="muted small">{t('paperwrite.outline.generating')}</p>
          {writer.state.text && <pre className="pw-streaming">{writer.state.text}</pre>}
        </div>
      ) : rows.length === 0 ? (
        <p className="muted" data-testid="pw-outline-empty">
          {t('paperwrite.outline.empty')}
        </p>
      ) : (
        <ol className="pw-tree" data-testid="pw-tree">
          {rows.map(({ node, depth, number }) => (
            <li key={node.key} className="pw-node" style={{ '--depth': depth } as CSSProperties} data-testid="pw-node">
              <span className="pw-node__no">{number}</span>
              <div className="pw-node__fields">
                <input
                  className="pw-input"
                  value={node.title}
                  maxLength={PAPER_WRITE_HEADING_MAX}
                  onChange={(e) => edit(rename(tree, node.key, e.target.value))}
                  aria-label={`${t('paperwrite.outline.rename')} ${number}`}
                  aria-invalid={node.title.trim() ? undefined : true}
                  data-testid="pw-node-heading"
                />
                <input
                  className="pw-input pw-input--brief"
                  value={node.brief ?? ''}
                  maxLength={PAPER_WRITE_BRIEF_MAX}
                  onChange={(e) => edit(setBrief(tree, node.key, e.target.value))}
                  placeholder={t('paperwrite.outline.brief')}
                  aria-label={`${t('paperwrite.outline.brief')} ${number}`}
                  data-testid="pw-node-brief"
                />
              </div>
              <div className="pw-node__tools">
                <button type="button" className="icon-btn icon-btn--sm" onClick={() => edit(move(tree, node.key, -1))} aria-label={`${t('paperwrite.outline.move_up')} ${number}`} title={t('paperwrite.outline.move_up')} data-testid="pw-node-up">
                  <ArrowUpOutlined aria-hidden="true" />
                </button>
                <button type="button" className="icon-btn icon-btn--sm" onClick={() => edit(move(tree, node.key, 1))} aria-label={`${t('paperwrite.outline.move_down')} ${number}`} title={t('paperwrite.outline.move_down')} data-testid="pw-node-down">
                  <ArrowDownOutlined aria-hidden="true" />
                </button>
                <button type="button" className="icon-btn icon-btn--sm" disabled={depth === 1} onClick={() => edit(outdent(tree, node.key))} aria-label={`${t('paperwrite.outline.outdent')} ${number}`} title={t('paperwrite.outline.outdent')}>
                  <MenuFoldOutlined aria-hidden="true" />
                </button>
                <button type="button" className="icon-btn icon-btn--sm" onClick={() => edit(indent(tree, node.key))} aria-label={`${t('paperwrite.outline.indent')} ${number}`} title={t('paperwrite.outline.indent')}>
                  <MenuUnfoldOutlined aria-hidden="true" />
                </button>
                <button type="button" className="icon-btn icon-btn--sm" disabled={full} onClick={() => edit(addAfter(tree, node.key, newSection()))} aria-label={`${t('paperwrite.outline.add_after')} ${number}`} title={t('paperwrite.outline.add_after')} data-testid="pw-node-add-after">
                  <PlusOutlined aria-hidden="true" />
                </button>
                <button type="button" className="icon-btn icon-btn--sm" disabled={full || depth >= MAX_DEPTH} onClick={() => edit(addChild(tree, node.key, newSection()))} aria-label={`${t('paperwrite.outline.add_child')} ${number}`} title={t('paperwrite.outline.add_child')} data-testid="pw-node-add-child">
                  <SubnodeOutlined aria-hidden="true" />
                </button>
                <button type="button" className="icon-btn icon-btn--sm" onClick={() => void removeNode(node)} aria-label={`${t('paperwrite.outline.delete')} ${number}`} title={t('paperwrite.outline.delete')} data-testid="pw-node-delete">
                  <DeleteOutlined aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {!generating && (
        <div>
          <button type="button" className="btn btn--outline" disabled={full} onClick={() => edit(addAfter(tree, null, newSection()))} data-testid="pw-outline-add">
            <PlusOutlined aria-hidden="true" /> {t('paperwrite.outline.add_section')}
          </button>
        </div>
      )}
    </section>
  );
}
