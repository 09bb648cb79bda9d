import { CopyOutlined, MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { toast } from '@/lib/notify';

export interface ProblemExample {
  title: string;
  content: string;
}

async function copy(text: string, ok: string, fail: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(ok);
  } catch {
    toast.error(fail);
  }
}

/** The admin-editable problem examples (spec §2 home child) as cards; the question can be copied. */
export function ProblemExamples({ examples, query }: { examples: ProblemExample[]; query: string }) {
  const { t } = useTranslation();
  const needle = query.trim().toLowerCase();
  const shown = needle ? examples.filter((e) => `${e.title}\n${e.content}`.toLowerCase().includes(needle)) : examples;
  if (examples.length === 0) return <p className="muted">{t('home.no_examples')}</p>;
  if (shown.length === 0) return <p className="muted" data-testid="examples-empty">{t('home.no_match', { query })}</p>;
  return (
    <ul className="examples" data-testid="problem-examples">
      {shown.map((example, index) => (
        <li key={`${example.title}-${index}`} className="example-card">
          <h3>{example.title}</h3>
          <p>{example.content}</p>
          <LocaleLink to={`/chat?q=${encodeURIComponent(example.content || example.title)}`} className="link-btn" data-testid={`example-ask-${index}`}>
            <MessageOutlined aria-hidden="true" /> {t('chat.ask')}
          </LocaleLink>
          <button
            type="button"
            className="link-btn"
            onClick={() => void copy(example.content || example.title, t('msg.copied'), t('msg.copy_failed'))}
          >
            <CopyOutlined aria-hidden="true" /> {t('home.copy_question')}
          </button>
        </li>
      ))}
    </ul>
  );
}
