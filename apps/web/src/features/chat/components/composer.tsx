import { PauseOutlined, SendOutlined } from '@ant-design/icons';
import { forwardRef, useImperativeHandle, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadMarkdown } from '@/components/markdown/markdown';
import { toast } from '@/lib/notify';
import { useSiteConfig } from '@/lib/site-config';
import { charCount } from '@xueba/contract';

export interface ComposerHandle {
  setText: (text: string) => void;
  focus: () => void;
}

/**
 * The question box: Enter sends, Shift+Enter makes a new line (spec §5), an
 * IME composition's Enter only confirms the characters; empty input is
 * refused with the spec's message; a counter shows the length limit. The
 * limit is the admin's `max_question_chars` from `/pc/config` (the AI
 * settings' default, 8000, until the config has loaded); the server checks it too.
 */
/** `onFocus`: the question box got the focus (the page starts loading what an answer needs). */
export const Composer = forwardRef<ComposerHandle, { streaming: boolean; onSend: (text: string) => Promise<boolean>; onStop: () => void; onFocus?: () => void }>(function Composer(
  { streaming, onSend, onStop, onFocus },
  ref,
) {
  const { t } = useTranslation();
  const maxChars = useSiteConfig().config.chat.max_question_chars;
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => ({ setText, focus: () => area.current?.focus() }), []);
  const length = charCount(text);
  const over = length > maxChars;

  const submit = async () => {
    if (streaming) return;
    const content = text.trim();
    if (!content) {
      toast.warning(t('msg.chat_content_empty'));
      return;
    }
    if (over) {
      toast.warning(t('msg.chat_content_too_long', { max: maxChars }));
      return;
    }
    setText('');
    // A refused question (balance, sign-in) comes back into the box so nothing typed is lost.
    const accepted = await onSend(content);
    if (!accepted) setText((current) => current || content);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    void submit();
  };

  return (
    <form
      className="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <textarea
        ref={area}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => {
          preloadMarkdown();
          onFocus?.();
        }}
        placeholder={t('chat.placeholder')}
        rows={3}
        aria-label={t('chat.placeholder')}
        data-testid="chat-input"
      />
      <div className="composer__bar">
        <span className={`composer__count${over ? ' is-over' : ''}`} data-testid="chat-count">
          {length} / {maxChars}
        </span>
        <span className="composer__hint">{t('chat.enter_hint')}</span>
        {streaming ? (
          <button type="button" className="btn btn--outline" onClick={onStop} data-testid="chat-stop">
            <PauseOutlined aria-hidden="true" /> {t('chat.stop')}
          </button>
        ) : (
          <button type="submit" className="btn btn--primary" data-testid="chat-send">
            <SendOutlined aria-hidden="true" /> {t('chat.send')}
          </button>
        )}
      </div>
    </form>
  );
});
