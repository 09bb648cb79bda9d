import { Button, Empty, Input, List, Modal, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_TEXT_MAX } from '@xueba/contract';
import { deleteQuickReply, quickReplies, saveQuickReply, supportAdminKeys } from './support-admin-api';

/** The operators' canned replies: add, edit in place, delete. */
export function QuickRepliesManager({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: supportAdminKeys.quick, queryFn: ({ signal }) => quickReplies(signal), enabled: open });
  const [editing, setEditing] = useState<{ id?: number; title: string; content: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: supportAdminKeys.quick });

  const save = async () => {
    if (!editing) return;
    try {
      await saveQuickReply(editing);
      setEditing(null);
      await refresh();
    } catch {
      // Shown by the request layer.
    }
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('supportadmin.quick_manage')} destroyOnHidden>
      {list.data?.length === 0 && !editing && <Empty description={t('supportadmin.quick_none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      <List
        dataSource={list.data ?? []}
        renderItem={(q) => (
          <List.Item
            actions={[
              <Button key="edit" size="small" onClick={() => setEditing({ id: q.id, title: q.title, content: q.content })}>
                {t('supportadmin.quick_save')}
              </Button>,
              <Button key="delete" size="small" danger onClick={() => void deleteQuickReply(q.id).then(refresh)}>
                {t('supportadmin.quick_delete')}
              </Button>,
            ]}
          >
            <List.Item.Meta title={q.title} description={<span style={{ whiteSpace: 'pre-wrap' }}>{q.content}</span>} />
          </List.Item>
        )}
      />
      {editing ? (
        <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
          <Input value={editing.title} maxLength={50} placeholder={t('supportadmin.quick_title')} onChange={(e) => setEditing({ ...editing, title: e.target.value })} data-testid="quick-title" />
          <Input.TextArea rows={3} value={editing.content} maxLength={SUPPORT_TEXT_MAX} placeholder={t('supportadmin.quick_content')} onChange={(e) => setEditing({ ...editing, content: e.target.value })} data-testid="quick-content" />
          <Button type="primary" disabled={!editing.title.trim() || !editing.content.trim()} onClick={() => void save()} data-testid="quick-save">
            {t('supportadmin.quick_save')}
          </Button>
        </Space>
      ) : (
        <Button style={{ marginTop: 12 }} onClick={() => setEditing({ title: '', content: '' })} data-testid="quick-add">
          {t('supportadmin.quick_add')}
        </Button>
      )}
    </Modal>
  );
}
