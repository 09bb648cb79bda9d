import { Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { TASK_KINDS, type AdminTask, type TaskInput } from '@xueba/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatCount } from '@/lib/format';
import { adminTasksQuery, promotionAdminKeys, saveTask } from '../api/promotion-admin-api';

const LOCALES = ['zh', 'en', 'ja', 'ko'] as const;
const EMPTY = { zh: '', en: '', ja: '', ko: '' };

/** Admin → Tasks: daily tasks with their limits and rewards; switched off rather than deleted. */
export function TasksPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const tasks = useQuery(adminTasksQuery);
  const [editing, setEditing] = useState<AdminTask | 'new' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: promotionAdminKeys.tasks });
  const reward = (r: AdminTask['reward']) =>
    [
      r.word_count > 0 && t('commerce.words', { count: formatCount(r.word_count, locale) }),
      r.conversation_count > 0 && t('commerce.conversations', { count: formatCount(r.conversation_count, locale) }),
      r.drawing_count > 0 && t('commerce.drawings', { count: formatCount(r.drawing_count, locale) }),
    ]
      .filter(Boolean)
      .join(' · ');
  const columns: TableColumnsType<AdminTask> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    { title: t('promotionadmin.task_kind'), dataIndex: 'kind', width: 160, render: (v: AdminTask['kind']) => t(`promotion.how_${v}`) },
    { title: t('commerceadmin.name'), key: 'name', render: (_v, r) => r.name[locale] || r.name.zh },
    { title: t('promotionadmin.daily_limit'), dataIndex: 'daily_limit', width: 100 },
    { title: t('promotionadmin.reward'), key: 'reward', render: (_v, r) => reward(r.reward) },
    { title: t('commerceadmin.sort'), dataIndex: 'sort', width: 70 },
    { title: t('promotionadmin.enabled'), dataIndex: 'enabled', width: 90, render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? t('commerceadmin.active') : t('commerceadmin.disabled')}</Tag> },
    {
      title: '',
      key: 'actions',
      width: 90,
      render: (_v, r) => (
        <Button size="small" onClick={() => setEditing(r)} data-testid={`task-edit-${r.kind}`}>
          {t('commerceadmin.edit')}
        </Button>
      ),
    },
  ];
  return (
    <div className="admin-panel" data-testid="admin-tasks">
      <div>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('promotionadmin.new_task')}
        </Button>
      </div>
      <Table rowKey="id" size="middle" loading={tasks.isFetching} dataSource={tasks.data?.lists ?? []} columns={columns} pagination={false} scroll={{ x: 900 }} />
      {editing && (
        <TaskModal
          task={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </div>
  );
}

function TaskModal({ task, onClose, onSaved }: { task: AdminTask | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TaskInput>();
  const [saving, setSaving] = useState(false);
  const initial: TaskInput = {
    kind: task?.kind ?? 'signin',
    name: { ...EMPTY, ...(task?.name ?? {}) },
    description: { ...EMPTY, ...(task?.description ?? {}) },
    daily_limit: task?.daily_limit ?? 1,
    reward: task?.reward ?? { conversation_count: 0, word_count: 1000, drawing_count: 0 },
    sort: task?.sort ?? 0,
    enabled: task?.enabled ?? true,
  };
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await saveTask(task?.id, v);
      onSaved();
    } catch {
      // The request layer shows the server's message.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={task ? t('promotionadmin.edit_task') : t('promotionadmin.new_task')} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} width={720} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial}>
        <Space wrap size="large">
          <Form.Item name="kind" label={t('promotionadmin.task_kind')}>
            <Select style={{ width: 160 }} options={TASK_KINDS.map((k) => ({ value: k, label: t(`promotion.how_${k}`) }))} />
          </Form.Item>
          <Form.Item name="daily_limit" label={t('promotionadmin.daily_limit')}>
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
          <Form.Item name="sort" label={t('commerceadmin.sort')}>
            <InputNumber min={-100_000} max={100_000} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('promotionadmin.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        {(['name', 'description'] as const).map((field) => (
          <Form.Item key={field} label={t(`commerceadmin.${field}`)} required={field === 'name'}>
            {LOCALES.map((l) => (
              <Form.Item key={l} name={[field, l]} noStyle rules={field === 'name' && l === 'zh' ? [{ required: true, whitespace: true }] : []}>
                <Input prefix={`${l}:`} style={{ marginBottom: 6 }} maxLength={field === 'name' ? 100 : 500} />
              </Form.Item>
            ))}
          </Form.Item>
        ))}
        <Space wrap size="large">
          {(['word_count', 'conversation_count', 'drawing_count'] as const).map((k) => (
            <Form.Item key={k} name={['reward', k]} label={t(`commerceadmin.${k}`)}>
              <InputNumber min={0} max={1_000_000_000} precision={0} style={{ width: 150 }} />
            </Form.Item>
          ))}
        </Space>
      </Form>
    </Modal>
  );
}
