import { Segmented, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<S extends string, R> {
  testId: string;
  /** '' = every status. */
  status: S | '';
  statuses: readonly S[];
  statusLabel: (status: S) => string;
  onStatus: (status: S | '') => void;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  loading: boolean;
  rows: R[];
  count: number;
  columns: TableColumnsType<R>;
  /** Dialogs that belong to the list (e.g. a rejection reason). */
  children?: ReactNode;
}

/** An admin list filtered by status (a segmented control, "all" first) and paged on the server. */
export function StatusTable<S extends string, R extends { id: number }>({ testId, status, statuses, statusLabel, onStatus, page, pageSize, onPage, loading, rows, count, columns, children }: Props<S, R>) {
  const { t } = useTranslation();
  return (
    <div className="admin-panel" data-testid={testId}>
      <Segmented<S | ''>
        value={status}
        onChange={(value) => {
          onStatus(value);
          // A new filter starts at its first page.
          onPage(1);
        }}
        options={[{ value: '' as const, label: t('admin.all') }, ...statuses.map((s) => ({ value: s, label: statusLabel(s) }))]}
      />
      <Table<R>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 1100 }}
        pagination={{ current: page, pageSize, total: count, onChange: onPage, showSizeChanger: false }}
      />
      {children}
    </div>
  );
}
