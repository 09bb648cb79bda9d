import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLocaleNavigate } from '@/hooks/use-locale';
import { AiModelsPanel } from '../components/ai-models-panel';
import { CommissionsPanel } from '../components/commissions-panel';
import { LedgerAuditPanel } from '../components/ledger-audit-panel';
import { OauthPanel } from '../components/oauth-panel';
import { OrdersPanel } from '../components/orders-panel';
import { OutboxPanel } from '../components/outbox-panel';
import { PackagesPanel } from '../components/packages-panel';
import { PapersPanel } from '../components/papers-panel';
import { PromotionSettingsPanel } from '../components/promotion-settings-panel';
import { RedeemPanel } from '../components/redeem-panel';
import { SettingsPanel } from '../components/settings-panel';
import { TasksPanel } from '../components/tasks-panel';
import { TemplatesPanel } from '../components/templates-panel';
import { UsersPanel } from '../components/users-panel';
import { WithdrawalsPanel } from '../components/withdrawals-panel';

const SECTIONS = ['users', 'settings', 'oauth', 'outbox', 'models', 'templates', 'papers', 'packages', 'orders', 'redeem', 'tasks', 'promotion', 'commissions', 'withdrawals', 'audit'] as const;
type Section = (typeof SECTIONS)[number];

function isSection(value: string): value is Section {
  return (SECTIONS as readonly string[]).includes(value);
}

/** Admin console: `/admin` (users) and one path per section, `/admin/<section>`. */
export default function AdminPage() {
  const { t } = useTranslation();
  const navigate = useLocaleNavigate();
  const rest = (useParams()['*'] ?? '').split('/')[0] ?? '';
  const section: Section = isSection(rest) ? rest : 'users';
  return (
    <div className="admin" data-testid="admin-page">
      <h1 className="admin__title">{t('admin.title')}</h1>
      <Tabs
        activeKey={section}
        onChange={(key) => navigate(key === 'users' ? '/admin' : `/admin/${key}`)}
        destroyOnHidden
        items={[
          { key: 'users', label: <span data-testid="admin-tab-users">{t('admin.users')}</span>, children: <UsersPanel /> },
          { key: 'settings', label: <span data-testid="admin-tab-settings">{t('admin.settings')}</span>, children: <SettingsPanel /> },
          { key: 'oauth', label: <span data-testid="admin-tab-oauth">{t('oauthadmin.tab')}</span>, children: <OauthPanel /> },
          { key: 'outbox', label: <span data-testid="admin-tab-outbox">{t('admin.outbox')}</span>, children: <OutboxPanel /> },
          { key: 'models', label: <span data-testid="admin-tab-models">{t('aiadmin.tab_models')}</span>, children: <AiModelsPanel /> },
          { key: 'templates', label: <span data-testid="admin-tab-templates">{t('aiadmin.tab_templates')}</span>, children: <TemplatesPanel /> },
          { key: 'papers', label: <span data-testid="admin-tab-papers">{t('paperadmin.tab')}</span>, children: <PapersPanel /> },
          { key: 'packages', label: <span data-testid="admin-tab-packages">{t('commerceadmin.tab_packages')}</span>, children: <PackagesPanel /> },
          { key: 'orders', label: <span data-testid="admin-tab-orders">{t('commerceadmin.tab_orders')}</span>, children: <OrdersPanel /> },
          { key: 'redeem', label: <span data-testid="admin-tab-redeem">{t('commerceadmin.tab_redeem')}</span>, children: <RedeemPanel /> },
          { key: 'tasks', label: <span data-testid="admin-tab-tasks">{t('promotionadmin.tab_tasks')}</span>, children: <TasksPanel /> },
          { key: 'promotion', label: <span data-testid="admin-tab-promotion">{t('promotionadmin.tab_promotion')}</span>, children: <PromotionSettingsPanel /> },
          { key: 'commissions', label: <span data-testid="admin-tab-commissions">{t('promotionadmin.tab_commissions')}</span>, children: <CommissionsPanel /> },
          { key: 'withdrawals', label: <span data-testid="admin-tab-withdrawals">{t('promotionadmin.tab_withdrawals')}</span>, children: <WithdrawalsPanel /> },
          { key: 'audit', label: <span data-testid="admin-tab-audit">{t('promotionadmin.tab_audit')}</span>, children: <LedgerAuditPanel /> },
        ]}
      />
    </div>
  );
}
