import { Alert, Button, Checkbox, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { NOTICE_KINDS, type NoticeKind } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticePreferencesQuery, saveNoticePreferences } from '../api/notice-api';

function PreferencesForm({ initial, hasEmail }: { initial: NoticeKind[]; hasEmail: boolean }) {
  const { t } = useTranslation();
  const [kinds, setKinds] = useState<NoticeKind[]>(initial);
  const [saving, setSaving] = useState(false);
  return (
    <div data-testid="notice-prefs">
      {!hasEmail && <Alert type="info" showIcon title={t('notice.prefs_no_email')} />}
      <Checkbox.Group className="notice-prefs__kinds" value={kinds} onChange={(value) => setKinds(value)}>
        {NOTICE_KINDS.map((kind) => (
          <Checkbox key={kind} value={kind} data-testid={`notice-pref-${kind}`}>
            {t(`msg.notice_title_${kind}`)}
          </Checkbox>
        ))}
      </Checkbox.Group>
      <Button
        type="primary"
        loading={saving}
        data-testid="notice-prefs-save"
        onClick={() => {
          setSaving(true);
          void saveNoticePreferences(kinds).finally(() => setSaving(false));
        }}
      >
        {t('common.save')}
      </Button>
    </div>
  );
}

/** Per-kind email opt-in (none by default): mail is written in the language the user last used the site in. */
export function NoticePreferences() {
  const { t } = useTranslation();
  const query = useQuery(noticePreferencesQuery);
  return (
    <section aria-labelledby="notice-prefs-title">
      <h2 id="notice-prefs-title">{t('notice.prefs_title')}</h2>
      <p className="muted">{t('notice.prefs_hint')}</p>
      {query.data ? <PreferencesForm key={query.data.email_kinds.join(',')} initial={query.data.email_kinds} hasEmail={query.data.has_email} /> : <Spin />}
    </section>
  );
}
