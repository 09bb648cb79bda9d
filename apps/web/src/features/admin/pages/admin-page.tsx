import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { createElement, lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { useLocalePath } from '@/hooks/use-locale';
import { useIsNarrow } from '@/hooks/use-narrow';
import { AdminNav } from '../components/admin-nav';
import { ConnectModelStep } from '../components/connect-model-step';
import { ErrorView } from '@/components/error-view';
import { useUser } from '@/lib/auth';
import { ADMIN_ROOT, ADMIN_SECTIONS, DEFAULT_SECTION, findSection, sectionAllowed, sectionPath, sectionsFor, type AdminSectionKey } from '../lib/admin-sections';
import '../admin.css';

/** Created once: a lazy component made during render would remount (and refetch) its panel every time. */
const PANELS = new Map<AdminSectionKey, LazyExoticComponent<ComponentType>>(
  ADMIN_SECTIONS.map((section) => [section.key, lazy(async () => ({ default: await section.load() }))]),
);

/**
 * Admin console: `/admin` shows the first panel, `/admin/<key>` the others (also
 * under the locale prefixes), so a reload or a shared link opens the same panel.
 * Wide screens get a grouped menu on the left; narrow ones a button that opens
 * the same menu in a drawer.
 */
export default function AdminPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const narrow = useIsNarrow();
  const [menuOpen, setMenuOpen] = useState(false);
  const segment = (useParams()['*'] ?? '').split('/')[0] ?? '';
  // The gate let only staff in; an operator's console holds only their sections.
  const role = useUser().user?.role ?? 'admin';
  const allowed = sectionsFor(role);
  const found = findSection(segment);
  // A mistyped or retired panel name: show the first panel under its own address rather than a URL that lies.
  if (segment && !found) return <Navigate to={localePath(ADMIN_ROOT)} replace />;
  // An operator opening bare /admin (the administrators' first panel) starts at their own first one.
  const first = allowed[0];
  if (!segment && first && !sectionAllowed(DEFAULT_SECTION, role)) return <Navigate to={localePath(sectionPath(first.key))} replace />;
  const active = found ?? DEFAULT_SECTION;
  const permitted = sectionAllowed(active, role);
  // createElement, not <Panel />: the lint rule cannot see that these components come from the module-level table.
  const panel = PANELS.get(active.key);

  return (
    <div className="admin" data-testid="admin-page">
      <h1 className="admin__title">{t('admin.title')}</h1>
      {role === 'admin' && <ConnectModelStep />}
      <div className="admin__body">
        {!narrow && (
          <nav className="admin__nav" aria-label={t('adminnav.nav_label')} data-testid="admin-nav">
            <AdminNav active={active} role={role} />
          </nav>
        )}
        <section className="admin__main" aria-labelledby="admin-panel-title">
          <header className="admin__head">
            <div className="admin__heading">
              <span className="admin__group" data-testid="admin-group">
                {t(`adminnav.groups.${active.group}`)}
              </span>
              <h2 className="admin__panel-title" id="admin-panel-title" data-testid="admin-panel-title">
                {t(active.label)}
              </h2>
            </div>
            {narrow && (
              <Button icon={<MenuOutlined />} onClick={() => setMenuOpen(true)} aria-expanded={menuOpen} data-testid="admin-nav-toggle">
                {t('adminnav.open_menu')}
              </Button>
            )}
          </header>
          <Suspense fallback={<PageSpinner />}>
            {/* Inside the boundary, so the test id appears only once the panel's chunk has loaded. */}
            <div className="admin__panel" data-testid={`admin-panel-${active.key}`}>
              {permitted ? panel && createElement(panel, { key: active.key }) : <ErrorView status={403} />}
            </div>
          </Suspense>
        </section>
      </div>
      {narrow && (
        <Drawer
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          placement="left"
          size="min(300px, 86vw)"
          title={t('admin.title')}
          classNames={{ body: 'admin__drawer-body' }}
        >
          <nav aria-label={t('adminnav.nav_label')} data-testid="admin-nav">
            <AdminNav active={active} role={role} onNavigate={() => setMenuOpen(false)} />
          </nav>
        </Drawer>
      )}
    </div>
  );
}
