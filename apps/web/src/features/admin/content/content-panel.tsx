import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ArticlesSection } from './articles-section';
import { CategoriesSection } from './categories-section';
import './content-admin.css';

/** Admin → Content: news, help articles, FAQ and their categories. */
export function ContentPanel() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'news', label: <span data-testid="content-tab-news">{t('contentadmin.tab_news')}</span>, children: <ArticlesSection kind="news" /> },
        { key: 'help', label: <span data-testid="content-tab-help">{t('contentadmin.tab_help')}</span>, children: <ArticlesSection kind="help" /> },
        { key: 'faq', label: <span data-testid="content-tab-faq">{t('contentadmin.tab_faq')}</span>, children: <ArticlesSection kind="faq" /> },
        {
          key: 'categories',
          label: <span data-testid="content-tab-categories">{t('contentadmin.tab_categories')}</span>,
          children: (
            <div className="content-admin__cats">
              <CategoriesSection kind="news" />
              <CategoriesSection kind="help" />
            </div>
          ),
        },
      ]}
    />
  );
}
