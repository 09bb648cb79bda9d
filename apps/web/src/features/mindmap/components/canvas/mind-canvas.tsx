import 'mind-elixir/style.css';
import type { MindmapNode } from '@xueba/contract';
import MindElixir, { type MindElixirInstance, type NodeObj, type Operation } from 'mind-elixir';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromElixirNode, safeLink, toElixirData, treeKey } from '../../lib/convert';
import { type Direction, themeFor } from './canvas-theme';

export interface SelectedNode {
  id: string;
  topic: string;
  note: string;
  link: string;
  isRoot: boolean;
}

export interface CanvasHandle {
  undo(): void;
  redo(): void;
  fit(): void;
  center(): void;
  zoom(step: number): void;
  addChild(): void;
  addSibling(): void;
  remove(): void;
  edit(): void;
  /** Writes a note and a link on the selected node (one undoable step). */
  updateSelected(patch: { note: string; link: string }): void;
  getTree(): MindmapNode;
  fullscreen(): void;
}

interface Props {
  tree: MindmapNode;
  editable: boolean;
  direction: Direction;
  dark: boolean;
  /** An edit changed the tree (after the canvas settled; not for trees handed in through `tree`). */
  onChange?: (tree: MindmapNode) => void;
  onSelect?: (node: SelectedNode | null) => void;
  /** An edit happened; `onChange` follows once the canvas settles, or `onClean` when it changed nothing after all. */
  onDirty?: () => void;
  onClean?: () => void;
  testId?: string;
}

/** How long the canvas must stay still before an edit is reported: one report for a burst of typing or a drag. */
const SETTLE_MS = 250;

function selectedOf(mind: MindElixirInstance): SelectedNode | null {
  const obj: NodeObj | undefined = mind.currentNode?.nodeObj;
  if (!obj) return null;
  return { id: obj.id, topic: obj.topic, note: obj.note ?? '', link: obj.hyperLink ?? '', isRoot: !obj.parent };
}

/**
 * The mind-elixir canvas, mounted once per map: a new `tree` prop that is not
 * the canvas's own last edit replaces what it shows (a streamed preview, a
 * reload), so typing never fights a re-render. Loaded on demand with the editor.
 */
const MindCanvas = forwardRef<CanvasHandle, Props>(function MindCanvas({ tree, editable, direction, dark, onChange, onSelect, onDirty, onClean, testId }, ref) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const mind = useRef<MindElixirInstance | null>(null);
  const shownKey = useRef('');
  const callbacks = useRef({ onChange, onSelect, onDirty, onClean });
  callbacks.current = { onChange, onSelect, onDirty, onClean };

  // Mounted once; later props reach the instance through the effects below.
  useEffect(() => {
    const el = host.current;
    if (!el) return undefined;
    const locale = {
      addChild: t('mindmap.menu.add_child'),
      addParent: t('mindmap.menu.add_parent'),
      addSibling: t('mindmap.menu.add_sibling'),
      removeNode: t('mindmap.menu.remove'),
      focus: t('mindmap.menu.focus'),
      cancelFocus: t('mindmap.menu.cancel_focus'),
      moveUp: t('mindmap.menu.move_up'),
      moveDown: t('mindmap.menu.move_down'),
      link: '',
      linkBidirectional: '',
      clickTips: '',
      summary: '',
    };
    const instance = new MindElixir({
      el,
      direction,
      editable,
      // Arrows and summaries are mind-elixir extras the saved map does not hold: their menu items are left out.
      contextMenu: editable ? { focus: true, link: false, locale } : false,
      toolBar: false,
      keypress: editable,
      theme: themeFor(dark),
      newTopicName: t('mindmap.new_node'),
      scaleMin: 0.1,
      scaleMax: 3,
    });
    instance.init(toElixirData(tree, direction));
    shownKey.current = treeKey(tree);
    // Fitted: a large map shrinks to show all of it; a small one stays at full size (mind-elixir never enlarges).
    instance.scaleFit();
    mind.current = instance;

    let timer: ReturnType<typeof setTimeout> | null = null;
    const settle = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        const next = fromElixirNode(instance.getData().nodeData);
        const key = treeKey(next);
        if (key === shownKey.current) {
          callbacks.current.onClean?.();
          return;
        }
        shownKey.current = key;
        callbacks.current.onChange?.(next);
      }, SETTLE_MS);
    };
    const select = () => callbacks.current.onSelect?.(selectedOf(instance));
    const edited = (op: Operation) => {
      // Opening a node's text box changes nothing yet.
      if (op.name !== 'beginEdit') callbacks.current.onDirty?.();
      settle();
    };
    // Undo and redo redraw without an operation event; the redraw (linkDiv) catches them.
    instance.bus.addListener('operation', edited);
    instance.bus.addListener('linkDiv', settle);
    instance.bus.addListener('selectNodes', select);
    instance.bus.addListener('unselectNodes', select);
    // The frame changed size (a side panel, a phone turned, full screen): keep the map in the middle.
    let width = el.clientWidth;
    let height = el.clientHeight;
    const resized = new ResizeObserver(() => {
      if (el.clientWidth === width && el.clientHeight === height) return;
      width = el.clientWidth;
      height = el.clientHeight;
      if (width > 0 && height > 0) instance.toCenter();
    });
    resized.observe(el);
    return () => {
      resized.disconnect();
      if (timer) clearTimeout(timer);
      instance.bus.removeListener('operation', edited);
      instance.bus.removeListener('linkDiv', settle);
      instance.destroy();
      mind.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const editableNow = useRef(editable);
  useEffect(() => {
    const instance = mind.current;
    const key = treeKey(tree);
    if (!instance || key === shownKey.current) return;
    shownKey.current = key;
    instance.refresh(toElixirData(tree, instance.direction));
    instance.clearHistory?.();
    if (!editableNow.current) instance.scaleFit();
  }, [tree]);

  // Turning read-only (a save conflict) keeps what is on screen, so the user still sees their edit.
  useEffect(() => {
    const instance = mind.current;
    if (!instance || editableNow.current === editable) return;
    editableNow.current = editable;
    if (editable) instance.enableEdit();
    else instance.disableEdit();
  }, [editable]);

  // The theme it was created with is already drawn: only a later switch redraws.
  const drawnDark = useRef(dark);
  useEffect(() => {
    if (!mind.current || drawnDark.current === dark) return;
    drawnDark.current = dark;
    mind.current.changeTheme(themeFor(dark), true);
  }, [dark]);

  useEffect(() => {
    const instance = mind.current;
    if (!instance || instance.direction === direction) return;
    if (direction === MindElixir.LEFT) instance.initLeft();
    else if (direction === MindElixir.RIGHT) instance.initRight();
    else if (direction === MindElixir.DOWN) instance.initDown();
    else instance.initSide();
    instance.toCenter();
  }, [direction]);

  useImperativeHandle(
    ref,
    () => ({
      undo: () => mind.current?.undo(),
      redo: () => mind.current?.redo(),
      fit: () => mind.current?.scaleFit(),
      center: () => mind.current?.toCenter(),
      zoom: (step) => {
        const m = mind.current;
        if (m) m.scale(Math.min(3, Math.max(0.1, m.scaleVal + step)));
      },
      addChild: () => void mind.current?.addChild(),
      addSibling: () => {
        const m = mind.current;
        if (m?.currentNode?.nodeObj.parent) void m.insertSibling('after');
      },
      remove: () => {
        const m = mind.current;
        const nodes = m?.currentNodes.filter((n) => n.nodeObj.parent) ?? [];
        if (m && nodes.length > 0) void m.removeNodes(nodes);
      },
      edit: () => {
        const m = mind.current;
        if (m?.currentNode) void m.beginEdit(m.currentNode);
      },
      updateSelected: ({ note, link }) => {
        const m = mind.current;
        const tpc = m?.currentNode;
        if (!m || !tpc) return;
        void m.reshapeNode(tpc, { note: note.trim() ? note : undefined, hyperLink: safeLink(link.trim()) }).then(() => callbacks.current.onSelect?.(selectedOf(m)));
      },
      getTree: () => (mind.current ? fromElixirNode(mind.current.getData().nodeData) : tree),
      fullscreen: () => {
        const wrap = host.current?.parentElement;
        if (!wrap) return;
        if (document.fullscreenElement) void document.exitFullscreen();
        else void wrap.requestFullscreen?.();
      },
    }),
    [tree],
  );

  return <div ref={host} className="mm-canvas" data-testid={testId ?? 'mm-canvas'} />;
});

export default MindCanvas;
