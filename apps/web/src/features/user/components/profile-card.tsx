import { Avatar, Button, Input } from 'antd';
import { CameraOutlined, EditOutlined, UserOutlined } from '@ant-design/icons';
import { UPLOAD_IMAGE_MAX_BYTES, type UserInfo } from '@xueba/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userKeys } from '@/lib/auth';
import { toast } from '@/lib/notify';
import { setInfo, uploadAvatar } from '../api/profile';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Avatar (click to upload) and nickname. The nickname is always rendered as text, never as HTML. */
export function ProfileCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState(false);
  const [nickname, setNickname] = useState(user.nickname);
  const [saving, setSaving] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    // Cheap checks first so an obviously wrong file never leaves the browser; the server checks content again.
    if (!IMAGE_TYPES.includes(file.type)) return toast.error(t('msg.image_only'));
    if (file.size > UPLOAD_IMAGE_MAX_BYTES) return toast.error(t('msg.file_too_large', { size: UPLOAD_IMAGE_MAX_BYTES / 1024 / 1024 }));
    setUploading(true);
    try {
      queryClient.setQueryData(userKeys.info, await uploadAvatar(file));
      toast.success(t('user.avatar_updated'));
    } catch {
      // The request layer showed the reason.
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const saveNickname = async () => {
    const value = nickname.trim();
    if (!value || value.length > 32) return toast.error(t('user.nickname_rule'));
    setSaving(true);
    try {
      queryClient.setQueryData(userKeys.info, await setInfo({ nickname: value }));
      setEditing(false);
      toast.success(t('msg.saved'));
    } catch {
      // Reported by the request layer; keep the editor open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="profile-card">
      <button
        type="button"
        className="profile-card__avatar"
        onClick={() => fileInput.current?.click()}
        disabled={uploading}
        aria-label={t('user.change_avatar')}
        data-testid="avatar-button"
      >
        <Avatar size={88} src={user.avatar || undefined} icon={<UserOutlined />} alt="" />
        <span className="profile-card__camera" aria-hidden="true">
          <CameraOutlined />
        </span>
      </button>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        hidden
        onChange={(e) => void onFile(e.target.files?.[0])}
        data-testid="avatar-input"
        aria-label={t('user.change_avatar')}
      />
      <div className="profile-card__main">
        {editing ? (
          <div className="nickname-editor">
            <Input
              value={nickname}
              onChange={(e) => setNickname(e.target.value)}
              maxLength={32}
              autoFocus
              onPressEnter={() => void saveNickname()}
              aria-label={t('user.nickname')}
              data-testid="nickname-input"
            />
            <Button type="primary" loading={saving} onClick={() => void saveNickname()} data-testid="nickname-save">
              {t('common.save')}
            </Button>
            <Button
              onClick={() => {
                setEditing(false);
                setNickname(user.nickname);
              }}
            >
              {t('common.cancel')}
            </Button>
          </div>
        ) : (
          <div className="profile-card__name">
            <h1 data-testid="nickname">{user.nickname}</h1>
            <button
              type="button"
              className="icon-btn icon-btn--sm"
              onClick={() => {
                setNickname(user.nickname);
                setEditing(true);
              }}
              aria-label={t('user.edit_nickname')}
              data-testid="nickname-edit"
            >
              <EditOutlined />
            </button>
          </div>
        )}
        <p className="muted">{uploading ? t('user.uploading') : t('user.avatar_hint')}</p>
      </div>
    </section>
  );
}
