import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PictureOutlined, UnorderedListOutlined, UndoOutlined, RedoOutlined, ClearOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isSafeHref } from '@xueba/contract';
import { richTextFragment } from '@/components/rich-text';
import { toast } from '@/lib/notify';
import { uploadContentImage } from './content-admin-api';

/** A toolbar button that keeps the editor's selection (no focus change on press). */
function ToolButton({ title, icon, label, onClick, id }: { title: string; icon?: ReactNode; label?: string; onClick: () => void; id: string }) {
  return (
    <Tooltip title={title}>
      <Button size="small" type="text" icon={icon} aria-label={title} onMouseDown={(e) => e.preventDefault()} onClick={onClick} data-testid={`rte-${id}`}>
        {label}
      </Button>
    </Tooltip>
  );
}

/**
 * A small rich-text editor: a contenteditable area with a toolbar (bold,
 * italic, headings, lists, quote, link, image upload through the storage
 * upload). Content comes in and pastes arrive through the same allow-list
 * as the readers' renderer, so foreign markup never enters the page; the
 * server sanitises what is saved.
 */
export function RichTextEditor({ value, onChange, label, testId }: { value: string; onChange: (html: string) => void; label: string; testId: string }) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const saved = useRef<Range | null>(null);
  const shown = useRef<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('https://');
  const [uploading, setUploading] = useState(false);

  // Load a value that did not come from typing here (opening another article, another locale).
  useEffect(() => {
    const el = area.current;
    if (!el || value === shown.current) return;
    el.replaceChildren(richTextFragment(value, document));
    shown.current = value;
  }, [value]);

  // Where the caret was in the editor, kept as it moves (typing, clicks, an IME), so the toolbar acts there.
  useEffect(() => {
    const track = () => {
      const selection = document.getSelection();
      if (selection && selection.rangeCount > 0 && area.current?.contains(selection.anchorNode)) saved.current = selection.getRangeAt(0).cloneRange();
    };
    document.addEventListener('selectionchange', track);
    return () => document.removeEventListener('selectionchange', track);
  }, []);

  const emit = () => {
    const el = area.current;
    if (!el) return;
    shown.current = el.innerHTML;
    onChange(el.innerHTML);
  };

  const remember = () => {
    const selection = document.getSelection();
    if (selection && selection.rangeCount > 0 && area.current?.contains(selection.anchorNode)) saved.current = selection.getRangeAt(0).cloneRange();
  };

  const restore = () => {
    area.current?.focus();
    const selection = document.getSelection();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
  };

  const run = (command: string, arg?: string) => {
    restore();
    // execCommand is deprecated but still the only built-in editing with undo in every browser; no package needed.
    document.execCommand(command, false, arg);
    emit();
  };

  const insertNodes = (fragment: DocumentFragment) => {
    restore();
    const selection = document.getSelection();
    const el = area.current;
    if (!el || !selection) return;
    let range = selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    if (!range || !el.contains(range.commonAncestorContainer)) {
      range = document.createRange();
      range.selectNodeContents(el);
      range.collapse(false);
    }
    range.deleteContents();
    const last = fragment.lastChild;
    range.insertNode(fragment);
    if (last) {
      range.setStartAfter(last);
      range.collapse(true);
      selection.removeAllRanges();
      selection.addRange(range);
    }
    emit();
  };

  const onPaste = (event: React.ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    if (html) insertNodes(richTextFragment(html, document));
    else document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
    emit();
  };

  const addLink = () => {
    const url = href.trim();
    if (!isSafeHref(url) || url === 'https://') {
      toast.error(t('contentadmin.link_invalid'));
      return;
    }
    setLinking(false);
    run('createLink', url);
    area.current?.querySelectorAll('a').forEach((a) => {
      a.setAttribute('rel', 'noopener noreferrer');
      a.setAttribute('target', '_blank');
    });
    emit();
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const image = await uploadContentImage(file);
      const img = document.createElement('img');
      img.src = image.uri;
      img.alt = '';
      const fragment = document.createDocumentFragment();
      fragment.appendChild(img);
      insertNodes(fragment);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : t('contentadmin.upload_failed'));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const openLink = () => {
    remember();
    setLinking(true);
  };
  const pickImage = () => {
    remember();
    fileInput.current?.click();
  };

  return (
    <div className="rte">
      <div className="rte__toolbar" role="toolbar" aria-label={t('contentadmin.toolbar')}>
        <ToolButton title={t('contentadmin.bold')} icon={<BoldOutlined />} onClick={() => run('bold')} id="bold" />
        <ToolButton title={t('contentadmin.italic')} icon={<ItalicOutlined />} onClick={() => run('italic')} id="italic" />
        <ToolButton title={t('contentadmin.h2')} label="H2" onClick={() => run('formatBlock', 'H2')} id="h2" />
        <ToolButton title={t('contentadmin.h3')} label="H3" onClick={() => run('formatBlock', 'H3')} id="h3" />
        <ToolButton title={t('contentadmin.paragraph')} label="¶" onClick={() => run('formatBlock', 'P')} id="p" />
        <ToolButton title={t('contentadmin.bullets')} icon={<UnorderedListOutlined />} onClick={() => run('insertUnorderedList')} id="ul" />
        <ToolButton title={t('contentadmin.numbers')} icon={<OrderedListOutlined />} onClick={() => run('insertOrderedList')} id="ol" />
        <ToolButton title={t('contentadmin.quote')} label="❝" onClick={() => run('formatBlock', 'BLOCKQUOTE')} id="quote" />
        <ToolButton title={t('contentadmin.link')} icon={<LinkOutlined />} onClick={openLink} id="link" />
        <ToolButton title={t('contentadmin.image')} icon={<PictureOutlined />} onClick={pickImage} id="image" />
        <ToolButton title={t('contentadmin.clear')} icon={<ClearOutlined />} onClick={() => run('removeFormat')} id="clear" />
        <ToolButton title={t('contentadmin.undo')} icon={<UndoOutlined />} onClick={() => run('undo')} id="undo" />
        <ToolButton title={t('contentadmin.redo')} icon={<RedoOutlined />} onClick={() => run('redo')} id="redo" />
        {uploading && <span className="muted rte__busy">{t('contentadmin.uploading')}</span>}
        <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden onChange={(e) => void upload(e.target.files?.[0])} data-testid={`${testId}-file`} />
      </div>
      {linking && (
        <Space.Compact className="rte__link">
          <Input value={href} onChange={(e) => setHref(e.target.value)} onPressEnter={addLink} aria-label={t('contentadmin.link_url')} autoFocus data-testid="rte-link-url" />
          <Button type="primary" onClick={addLink} data-testid="rte-link-ok">
            {t('common.confirm')}
          </Button>
          <Button onClick={() => setLinking(false)}>{t('common.cancel')}</Button>
        </Space.Compact>
      )}
      <div
        ref={area}
        className="rte__area rich-text"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        onInput={emit}
        onPaste={onPaste}
        data-testid={testId}
      />
    </div>
  );
}
