import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, PictureOutlined, UnorderedListOutlined, UndoOutlined, RedoOutlined, ClearOutlined } from '@ant-design/icons';
import { Button, Input, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isSafeHref } from '@xueba/contract';
import { richTextFragment } from '@/components/rich-text';
import { toast } from '@/lib/notify';
import { uploadContentImage } from './content-admin-api';

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

  const tool = (title: string, icon: ReactNode, onClick: () => void, id: string) => (
    <Tooltip title={title}>
      <Button size="small" type="text" icon={icon} aria-label={title} onMouseDown={(e) => e.preventDefault()} onClick={onClick} data-testid={`rte-${id}`} />
    </Tooltip>
  );
  const text = (title: string, short: string, onClick: () => void, id: string) => (
    <Tooltip title={title}>
      <Button size="small" type="text" aria-label={title} onMouseDown={(e) => e.preventDefault()} onClick={onClick} data-testid={`rte-${id}`}>
        {short}
      </Button>
    </Tooltip>
  );

  return (
    <div className="rte">
      <div className="rte__toolbar" role="toolbar" aria-label={t('contentadmin.toolbar')}>
        {tool(t('contentadmin.bold'), <BoldOutlined />, () => run('bold'), 'bold')}
        {tool(t('contentadmin.italic'), <ItalicOutlined />, () => run('italic'), 'italic')}
        {text(t('contentadmin.h2'), 'H2', () => run('formatBlock', 'H2'), 'h2')}
        {text(t('contentadmin.h3'), 'H3', () => run('formatBlock', 'H3'), 'h3')}
        {text(t('contentadmin.paragraph'), '¶', () => run('formatBlock', 'P'), 'p')}
        {tool(t('contentadmin.bullets'), <UnorderedListOutlined />, () => run('insertUnorderedList'), 'ul')}
        {tool(t('contentadmin.numbers'), <OrderedListOutlined />, () => run('insertOrderedList'), 'ol')}
        {text(t('contentadmin.quote'), '❝', () => run('formatBlock', 'BLOCKQUOTE'), 'quote')}
        {tool(t('contentadmin.link'), <LinkOutlined />, () => {
          remember();
          setLinking(true);
        }, 'link')}
        {tool(t('contentadmin.image'), <PictureOutlined />, () => {
          remember();
          fileInput.current?.click();
        }, 'image')}
        {tool(t('contentadmin.clear'), <ClearOutlined />, () => run('removeFormat'), 'clear')}
        {tool(t('contentadmin.undo'), <UndoOutlined />, () => run('undo'), 'undo')}
        {tool(t('contentadmin.redo'), <RedoOutlined />, () => run('redo'), 'redo')}
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
        onBlur={remember}
        onKeyUp={remember}
        onMouseUp={remember}
        onPaste={onPaste}
        data-testid={testId}
      />
    </div>
  );
}
