import { Alert, Button, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { ledgerAuditQuery } from '../api/promotion-admin-api';

/** Admin → Ledger audit: recompute every balance from the append-only ledger and list what differs. */
export function LedgerAuditPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const audit = useQuery(ledgerAuditQuery);
  return (
    <div className="admin-panel" data-testid="admin-ledger-audit">
      <p className="muted">{t('promotionadmin.audit_intro')}</p>
      <div>
        <Button type="primary" loading={audit.isFetching} onClick={() => void audit.refetch()} data-testid="audit-run">
          {t('promotionadmin.audit_run')}
        </Button>
      </div>
      {audit.isError && <Alert type="error" showIcon title={audit.error.message} />}
      {audit.data &&
        (audit.data.mismatches.length === 0 ? (
          <Alert type="success" showIcon title={t('promotionadmin.audit_clean', { time: formatDate(audit.data.checked_at, locale, true) })} data-testid="audit-clean" />
        ) : (
          <>
            <Alert type="error" showIcon title={t('promotionadmin.audit_mismatches', { count: audit.data.mismatches.length })} data-testid="audit-mismatches" />
            <Table
              rowKey={(r) => `${r.user_id}-${r.asset}`}
              size="small"
              dataSource={audit.data.mismatches}
              pagination={false}
              columns={[
                { title: t('commerceadmin.user_id'), dataIndex: 'user_id' },
                { title: t('promotionadmin.asset'), dataIndex: 'asset', render: (v: string) => t(`balance.${v}`, { defaultValue: v }) },
                { title: t('promotionadmin.balance'), dataIndex: 'balance' },
                { title: t('promotionadmin.ledger_sum'), dataIndex: 'ledger_sum' },
                { title: t('promotionadmin.difference'), key: 'diff', render: (_v, r) => r.balance - r.ledger_sum },
              ]}
            />
          </>
        ))}
    </div>
  );
}
