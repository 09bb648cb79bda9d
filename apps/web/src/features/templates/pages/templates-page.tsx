import '@/styles/ai.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useTemplates } from '../api/templates';

/** `/create`: the writing templates by category (spec §1), each opening its form in `/create/produce?id=`. */
export default function TemplatesPage() {
  const { t } = useTranslation();
  const templates = useTemplates();
  const [category, setCategory] = useState<number | null>(null);
  const data = templates.data;
  const shown = data?.lists.filter((tpl) => category === null || tpl.category_id === category) ?? [];

  return (
    <div className="page" data-testid="create-page">
      <header>
        <h1>{t('create.title')}</h1>
        <p className="muted">{t('create.subtitle')}</p>
      </header>
      {templates.isError && (
        <p className="msg__error" role="alert">
          {t('create.load_failed')}{' '}
          <button type="button" className="link-btn" onClick={() => void templates.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {data && data.categories.length > 0 && (
        <div className="create-cats" role="tablist" aria-label={t('aiadmin.categories')}>
          <button type="button" role="tab" aria-selected={category === null} className={`chip${category === null ? ' is-active' : ''}`} onClick={() => setCategory(null)} data-testid="create-cat-all">
            {t('create.all')}
          </button>
          {data.categories.map((c) => (
            <button key={c.id} type="button" role="tab" aria-selected={category === c.id} className={`chip${category === c.id ? ' is-active' : ''}`} onClick={() => setCategory(c.id)} data-testid={`create-cat-${c.id}`}>
              {c.name}
            </button>
          ))}
        </div>
      )}
      {data && shown.length === 0 && <p className="muted">{t('create.empty')}</p>}
      <ul className="template-grid" data-testid="template-list">
        {shown.map((tpl) => (
          <li key={tpl.id}>
            <LocaleLink to={`/create/produce?id=${tpl.id}`} className="template-card" data-testid={`template-${tpl.key}`}>
              <strong>{tpl.name}</strong>
              <p>{tpl.description}</p>
            </LocaleLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
