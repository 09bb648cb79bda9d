import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import type { AdminSkill } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@/features/skill/skill.css';
import { SkillIcon } from '@/features/skill/components/skill-icon';
import { toast } from '@/lib/notify';
import { deleteSkill, saveSkill, skillAdminQuery } from './skill-admin-api';
import { SkillModal } from './skill-modal';

/** Admin → Skills: every skill with its uses and favourites; add, edit, switch on or off, delete. */
export function SkillPanel() {
  const { t } = useTranslation();
  const query = useQuery(skillAdminQuery);
  const [editing, setEditing] = useState<AdminSkill | 'new' | null>(null);

  const toggle = async (skill: AdminSkill, enabled: boolean) => {
    const { id, names, descriptions, prompts, starters, category, icon_emoji, model, sort } = skill;
    await saveSkill({ id, names, descriptions, prompts, starters, category, icon_emoji, model, sort, enabled });
    toast.success(t('skilladmin.saved'));
  };

  return (
    <section data-testid="admin-skill-panel">
      <p className="muted">{t('skilladmin.intro')}</p>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="skill-admin-add">
          {t('skilladmin.add')}
        </Button>
      </Space>
      {query.isError && <Alert type="error" showIcon title={query.error.message || t('skilladmin.load_failed')} />}
      <Table<AdminSkill>
        rowKey="id"
        size="middle"
        loading={query.isPending}
        dataSource={query.data?.lists ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        columns={[
          { title: t('skilladmin.col_icon'), key: 'icon', width: 64, render: (_, s) => <SkillIcon emoji={s.icon_emoji} url={s.icon_url} size="sm" /> },
          { title: t('skilladmin.col_name'), key: 'name', render: (_, s) => <span data-testid={`skill-admin-name-${s.id}`}>{s.names.zh}</span> },
          { title: t('skilladmin.col_category'), key: 'category', render: (_, s) => <Tag>{t(`skill.category.${s.category}`)}</Tag> },
          { title: t('skilladmin.col_model'), key: 'model', render: (_, s) => s.model ?? <span className="muted">{t('skilladmin.default_model')}</span> },
          { title: t('skilladmin.col_uses'), dataIndex: 'use_count', width: 100 },
          { title: t('skilladmin.col_favorites'), dataIndex: 'favorites', width: 100 },
          {
            title: t('skilladmin.col_enabled'),
            key: 'enabled',
            width: 80,
            render: (_, s) => <Switch checked={s.enabled} onChange={(on) => void toggle(s, on)} data-testid={`skill-admin-enabled-${s.id}`} />,
          },
          {
            title: t('skilladmin.col_actions'),
            key: 'actions',
            width: 120,
            render: (_, s) => (
              <Space>
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(s)} aria-label={t('skilladmin.edit')} data-testid={`skill-admin-edit-${s.id}`} />
                <Popconfirm
                  title={t('skilladmin.delete_confirm', { name: s.names.zh })}
                  okText={t('common.delete')}
                  cancelText={t('common.cancel')}
                  onConfirm={async () => {
                    await deleteSkill(s.id);
                    toast.success(t('skilladmin.deleted'));
                  }}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <SkillModal skill={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
