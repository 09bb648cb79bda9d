import '@/styles/ai.css';
import { DownloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BalanceDialog } from '@/components/balance-dialog';
import { ModelSelect } from '@/components/model-select';
import { storeModel, storedModel, useChatModels } from '@/lib/ai-models';
import { visitorQuestionsToday } from '@/lib/ai-stream';
import { useUser } from '@/lib/auth';
import { downloadText } from '@/lib/clipboard';
import { toast } from '@/lib/notify';
import { isBalanceRefusal, type RequestError } from '@/lib/request';
import { useSiteConfig } from '@/lib/site-config';
import { LOGIN_MODE, openLogin } from '@/stores/user-store';
import { addFavorite, exportConversation, removeFavorite } from '../api/actions';
import { Composer, type ComposerHandle } from '../components/composer';
import { ConversationList } from '../components/conversation-list';
import type { MessageActions } from '../components/message-item';
import { conversationMarkdown } from '../components/export-markdown';
import { useChatSession, type UiMessage } from '../hooks/use-chat-session';
import { useSpeech } from '../hooks/use-speech';
import { SkillChip, SkillUnavailable, SkillWelcome } from '../components/skill-parts';
import { useSkillDetail } from '@/features/skill/api/skill-api';
import { useLocale } from '@/hooks/use-locale';

// The message bubbles and their action icons load with an opened conversation, when the question box is focused, or
// with the first message, not with the page: an empty chat's first screen does not need them.
const loadMessageItem = () => import('../components/message-item');
const MessageItem = lazy(() => loadMessageItem().then((m) => ({ default: m.MessageItem })));
const preloadMessageItem = () => void loadMessageItem().catch(() => undefined);

function readId(value: string | null): number | null {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** `/chat`: conversations, the model picker, streamed answers, problem examples on an empty conversation. */
export default function ChatPage() {
  const { t } = useTranslation();
  const { signedIn } = useUser();
  const { config } = useSiteConfig();
  const [params, setParams] = useSearchParams();
  const idParam = Number(params.get('id'));
  const conversationId = signedIn && Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const locale = useLocale();
  // `?skill=` (from /skill): a new conversation with that skill; it stays in the URL beside `?id=` once created.
  const skillParam = readId(params.get('skill'));
  const skillDetail = useSkillDetail(skillParam, locale);
  const composer = useRef<ComposerHandle>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [balanceMessage, setBalanceMessage] = useState<string | null>(null);
  // Phones show the conversation list on demand, over the chat, so the message box stays on screen.
  const [listOpen, setListOpen] = useState(false);
  // An opened conversation needs the bubbles at once; a new one loads them when the question box is focused.
  useEffect(() => {
    if (conversationId !== null) preloadMessageItem();
  }, [conversationId]);

  const models = useChatModels();
  const [picked, setPicked] = useState<string | null>(() => storedModel());
  // A model picked on this page wins over a skill's preferred model.
  const [pickedHere, setPickedHere] = useState(false);
  const list = models.data?.lists ?? [];
  const preferred = conversationId === null && !pickedHere ? skillDetail.data?.model : null;
  // A stored key the server no longer offers falls back to the server's default.
  const model = preferred && list.some((m) => m.key === preferred) ? preferred : list.some((m) => m.key === picked) ? (picked ?? undefined) : models.data?.default || undefined;

  const onConversation = useCallback(
    (id: number) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams();
          next.set('id', String(id));
          const skill = prev.get('skill');
          if (skill) next.set('skill', skill);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onRefused = useCallback(
    (error: RequestError) => {
      if (isBalanceRefusal(error)) setBalanceMessage(error.message || t('msg.insufficient_conversation_balance'));
      // Code -1 (visitor past the free allowance, expired session): the request layer already opened the login popup.
      else if (error.code !== -1) toast.error(error.message || t('chat.stream_failed'));
    },
    [t],
  );
  const session = useChatSession({ conversationId, onConversation, model, signedIn, onRefused, skillId: skillDetail.data ? skillParam : null });
  const skill = conversationId !== null && session.skill ? session.skill : (skillDetail.data ?? null);
  const speech = useSpeech();

  // `?q=` (a problem example from the home page) pre-fills the box; the reader sends it.
  const prefill = params.get('q');
  useEffect(() => {
    if (!prefill) return;
    composer.current?.setText(prefill);
    composer.current?.focus();
    setParams((p) => {
      p.delete('q');
      return p;
    }, { replace: true });
  }, [prefill, setParams]);

  // Follow the answer while it streams, unless the reader scrolled up to read.
  const stick = useRef(true);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [session.messages]);

  const send = async (content: string): Promise<boolean> => {
    if (!signedIn && visitorQuestionsToday() >= config.chat.chat_limit) {
      openLogin(LOGIN_MODE.LOGIN, t('chat.guest_used_up', { count: config.chat.chat_limit }));
      return false;
    }
    stick.current = true;
    return (await session.send(content)) === 'ok';
  };

  const favorite = async (message: UiMessage) => {
    if (message.id === null) return;
    try {
      if (message.favoriteId) {
        await removeFavorite(message.id);
        session.setFavorite(message.key, null);
        toast.success(t('msg.bookmark_removed'));
      } else {
        const saved = await addFavorite(message.id);
        session.setFavorite(message.key, saved.id);
        toast.success(t('msg.bookmark_added'));
      }
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : t('msg.favorite_failed'));
    }
  };

  const exportMarkdown = async () => {
    if (conversationId !== null) {
      const file = await exportConversation(conversationId).catch(() => null);
      if (file) downloadText(file.filename, file.markdown);
      return;
    }
    downloadText('conversation.md', conversationMarkdown(session.title ?? t('chat.new'), session.messages, t));
  };

  const actions: MessageActions = {
    onRegenerate: session.streaming ? undefined : () => void session.regenerate(),
    onEdit: signedIn ? (key, content) => void session.edit(key, content) : undefined,
    onFavorite: signedIn ? (m) => void favorite(m) : undefined,
    onSpeak: config.voice.voice_broadcast.is_open && speech.supported ? (m) => speech.toggle(m.key, m.content) : undefined,
  };
  const empty = session.messages.length === 0 && !session.loading;
  const guestLeft = Math.max(0, config.chat.chat_limit - visitorQuestionsToday());
  const guestHint = guestLeft > 0 ? t('chat.guest_hint', { count: config.chat.chat_limit, left: guestLeft }) : t('chat.guest_used_up', { count: config.chat.chat_limit });
  const examples = config.pc_page.problem_examples;
  const offline = list.find((m) => m.key === model)?.channel === 'offline';

  return (
    <div className={`chat${signedIn ? '' : ' chat--guest'}${listOpen ? ' chat--list-open' : ''}`} data-testid="chat-page">
      {signedIn && (
        <ConversationList
          activeId={conversationId}
          onSelect={(id) => {
            setListOpen(false);
            setParams({ id: String(id) });
          }}
          onNew={() => {
            setListOpen(false);
            setParams({});
            composer.current?.focus();
          }}
        />
      )}
      <section className="chat__main">
        <header className="chat__head">
          {signedIn && (
            <button
              type="button"
              className="icon-btn chat__list-toggle"
              onClick={() => setListOpen((open) => !open)}
              aria-expanded={listOpen}
              aria-label={t('chat.conversations')}
              title={t('chat.conversations')}
              data-testid="chat-list-toggle"
            >
              <UnorderedListOutlined />
            </button>
          )}
          <h1 className="chat__title" data-testid="chat-title">
            {session.title ?? t('chat.new')}
          </h1>
          {skill && <SkillChip skill={skill} />}
          {list.length > 0 && model && (
            <ModelSelect
              models={list}
              value={model}
              label={t('chat.model')}
              testId="model-picker"
              disabled={session.streaming}
              onChange={(key) => {
                setPicked(key);
                setPickedHere(true);
                storeModel(key);
              }}
            />
          )}
          <button type="button" className="icon-btn" onClick={() => void exportMarkdown()} disabled={session.messages.length === 0} aria-label={t('chat.export')} title={t('chat.export')} data-testid="chat-export">
            <DownloadOutlined />
          </button>
        </header>
        <div
          className="chat__scroll"
          ref={scroller}
          onScroll={(e) => {
            const el = e.currentTarget;
            stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
          }}
        >
          {session.loading && <p className="muted chat__loading">{t('common.loading')}</p>}
          {session.loadError && (
            <p className="msg__error" role="alert">
              {t('chat.load_failed')}{' '}
              <button type="button" className="link-btn" onClick={session.reload}>
                {t('common.retry')}
              </button>
            </p>
          )}
          {empty && skill && <SkillWelcome skill={skill} onAsk={(q) => void send(q)} />}
          {empty && !skill && skillParam !== null && skillDetail.isError && (
            <SkillUnavailable message={skillDetail.error.message} onLeave={() => setParams({})} />
          )}
          {empty && !skill && !(skillParam !== null && (skillDetail.isError || skillDetail.isPending)) && (
            <div className="chat__welcome" data-testid="chat-empty">
              <h2>{t('chat.welcome')}</h2>
              <p className="muted">{signedIn ? t('chat.welcome_hint') : guestHint}</p>
              {examples.length > 0 && (
                <ul className="chat__examples" data-testid="chat-examples">
                  {examples.map((e, i) => (
                    <li key={`${e.title}-${i}`}>
                      <button type="button" className="example-chip" onClick={() => void send(e.content || e.title)} data-testid={`chat-example-${i}`}>
                        <strong>{e.title}</strong>
                        <span>{e.content}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <div className="chat__messages" data-testid="message-list">
            <Suspense fallback={null}>
              {session.messages.map((m, i) => (
                <MessageItem key={m.key} message={m} isLast={i === session.messages.length - 1} busy={session.streaming} speaking={speech.speaking === m.key} actions={actions} />
              ))}
            </Suspense>
          </div>
        </div>
        <Composer ref={composer} streaming={session.streaming} onSend={send} onStop={() => void session.stop()} onFocus={preloadMessageItem} />
        {/* The offline channel quotes sources; calling its answers AI-generated would claim a model wrote them. */}
        {offline ? (
          <p className="chat__disclaimer" data-testid="offline-disclaimer">
            {t('chat.offline_disclaimer')}
          </p>
        ) : (
          <p className="chat__disclaimer" data-testid="ai-disclaimer">
            {t('shell.disclaimer')}
          </p>
        )}
      </section>
      <BalanceDialog message={balanceMessage} onClose={() => setBalanceMessage(null)} />
    </div>
  );
}
