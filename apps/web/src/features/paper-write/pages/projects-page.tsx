import '../paper-write.css';
import { DeleteOutlined, FormOutlined } from '@ant-design/icons';
import type { PaperWriteItem } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useLocale, useLocaleNavigate } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { confirmBox, toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { createProject, deleteProject, PAGE_SIZE, usePaperWriteList, usePaperWriteOptions } from '../api/paper-write-api';
import { ProjectForm, type ProjectFields } from '../components/project-form';
import { WordMeter } from '../components/word-meter';

const NEW_PROJECT: ProjectFields = { title: '', topic: '', discipline: '', kind: 'article', language: 'zh', target_length: 5000, style: 'gbt7714' };

function ProjectRow({ item }: { item: PaperWriteItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const remove = async () => {
    const ok = await confirmBox({ title: t('paperwrite.list.delete'), content: t('paperwrite.list.delete_confirm', { title: item.title }), okText: t('common.delete'), cancelText: t('common.cancel') });
    if (!ok) return;
    try {
      await deleteProject(item.id);
      toast.success(t('paperwrite.list.deleted'));
    } catch (error) {
      toast.error(isRequestError(error) && error.message ? error.message : t('errors.server_error'));
    }
  };
  return (
    <li className="pw-project" data-testid="pw-project">
      <LocaleLink to={`/paper/write/${item.id}`} className="pw-project__main" data-testid="pw-project-open">
        <span className="pw-project__title">{item.title}</span>
        <span className="pw-meta">
          <span>{t(`paperwrite.kinds.${item.kind}`)}</span>
          <span>{t(`paperwrite.languages.${item.language}`)}</span>
          <span>{t('paperwrite.list.sources', { count: item.sources })}</span>
          <span>{t('paperwrite.editor.progress', { done: item.written, total: item.sections, words: item.words, target: item.target_length })}</span>
          <span>{t('paperwrite.list.updated', { time: formatDate(item.updated_at, locale, true) })}</span>
        </span>
        <WordMeter words={item.words} target={item.target_length} />
      </LocaleLink>
      <button type="button" className="icon-btn" onClick={() => void remove()} aria-label={`${t('paperwrite.list.delete')} ${item.title}`} data-testid="pw-project-delete">
        <DeleteOutlined aria-hidden="true" />
      </button>
    </li>
  );
}

/** `/paper/write`: a new project beside the user's projects, last edited first. */
export default function ProjectsPage() {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const [page, setPage] = useState(1);
  const options = usePaperWriteOptions();
  const list = usePaperWriteList(page);
  const closed = options.data?.is_open === false;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / PAGE_SIZE)) : 1;

  return (
    <div className="page pw-page" data-testid="pw-projects-page">
      <header className="pw-head">
        <div>
          <h1>
            <FormOutlined aria-hidden="true" /> {t('paperwrite.title')}
          </h1>
          <p className="muted pw-intro">{t('paperwrite.intro')}</p>
        </div>
      </header>
      {options.data && !options.data.model && (
        <p className="pw-banner" data-testid="pw-offline">
          {t('paperwrite.editor.offline')}
        </p>
      )}
      {closed && (
        <p className="pw-banner pw-banner--error" role="alert">
          {t('msg.paper_write_closed')}
        </p>
      )}
      <div className="pw-grid">
        <section className="pw-card" aria-labelledby="pw-new">
          <h2 id="pw-new">{t('paperwrite.create.heading')}</h2>
          <ProjectForm
            initial={NEW_PROJECT}
            submitLabel={t('paperwrite.create.submit')}
            busyLabel={t('paperwrite.create.creating')}
            testId="pw-create"
            onSubmit={async (fields) => {
              const detail = await createProject(fields);
              navigate(`/paper/write/${detail.id}`);
            }}
          />
        </section>
        <section className="pw-card" aria-labelledby="pw-mine">
          <h2 id="pw-mine">{t('paperwrite.list.heading')}</h2>
          {list.isError ? (
            <p className="pw-field__error" role="alert">
              {list.error.message || t('errors.server_error')}{' '}
              <button type="button" className="link-btn" onClick={() => void list.refetch()}>
                {t('common.retry')}
              </button>
            </p>
          ) : list.isPending ? (
            <p className="muted small">{t('common.loading')}</p>
          ) : list.data.lists.length === 0 ? (
            <p className="muted" data-testid="pw-projects-empty">
              {t('paperwrite.list.empty')}
            </p>
          ) : (
            <ul className="pw-list" data-testid="pw-projects">
              {list.data.lists.map((item) => (
                <ProjectRow key={item.id} item={item} />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav className="pw-step-nav" aria-label={t('common.pagination')}>
              <button type="button" className="btn btn--ghost" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t('common.prev_page')}
              </button>
              <span className="muted small">{t('common.page_of', { page, pages })}</span>
              <button type="button" className="btn btn--ghost" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                {t('common.next_page')}
              </button>
            </nav>
          )}
        </section>
      </div>
    </div>
  );
}
