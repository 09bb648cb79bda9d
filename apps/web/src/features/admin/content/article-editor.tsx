import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Drawer, Input, InputNumber, Radio, Select, Tabs } from 'antd';
import { LOCALES, type AdminContentArticle, type AdminContentSave, type ContentKind, type ContentStatus, type Locale } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { mediaUrl } from '@/lib/media-url';
import { toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { saveArticle, uploadContentImage, useContentCategories } from './content-admin-api';
import { RichTextEditor } from './rich-text-editor';

type Version = { title: string; summary: string; body: string };
const EMPTY: Version = { title: '', summary: '', body: '' };

/** `datetime-local` speaks local time without a zone; the API speaks ISO with one. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Which field a refusal belongs to, so it shows under that field. */
const FIELD_OF: Record<string, string> = {
  content_title_required: 'title',
  content_title_too_long: 'title',
  content_summary_too_long: 'summary',
  content_body_required: 'body',
  content_body_too_long: 'body',
  content_image_invalid: 'cover',
  content_publish_at_invalid: 'publish_at',
  content_category_not_found: 'category',
};

/** Create or edit an article of one kind: per-locale tabs, rich text, category, cover, status and schedule. */
export function ArticleEditor({ kind, article, onClose }: { kind: ContentKind; article: AdminContentArticle | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const categories = useContentCategories(kind === 'news' ? 'news' : 'help');
  const [versions, setVersions] = useState<Record<Locale, Version>>(() => Object.fromEntries(LOCALES.map((l) => [l, { ...EMPTY, ...article?.versions[l] }])) as Record<Locale, Version>);
  const [tab, setTab] = useState<Locale>('zh');
  const [categoryId, setCategoryId] = useState<number | null>(article?.category_id ?? null);
  const [cover, setCover] = useState<string | null>(article?.cover ?? null);
  const [status, setStatus] = useState<ContentStatus>(article?.status ?? 'draft');
  const [publishAt, setPublishAt] = useState(toLocalInput(article?.publish_at ?? null));
  const [sort, setSort] = useState(article?.sort ?? 0);
  const [errors, setErrors] = useState<{ field: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const patch = (l: Locale, p: Partial<Version>) => setVersions((all) => ({ ...all, [l]: { ...all[l], ...p } }));
  const errorOf = (field: string) => (errors?.field === field ? errors.message : undefined);

  const save = async () => {
    setErrors(null);
    setSaving(true);
    const body: AdminContentSave = {
      id: article?.id,
      kind,
      category_id: categoryId,
      cover: kind === 'news' ? cover : null,
      status,
      publish_at: status === 'published' && publishAt ? new Date(publishAt).toISOString() : null,
      sort,
      versions: Object.fromEntries(LOCALES.filter((l) => l === 'zh' || versions[l].title.trim()).map((l) => [l, versions[l]])) as AdminContentSave['versions'],
    };
    try {
      await saveArticle(body);
      toast.success(t('msg.saved'));
      onClose();
    } catch (error) {
      const key = isRequestError(error) ? error.key : null;
      const message = error instanceof Error && error.message ? error.message : t('errors.server_error');
      const field = key ? FIELD_OF[key] : undefined;
      if (field) {
        setErrors({ field, message });
        // Chinese is the version every check reads first: show it.
        if (['title', 'summary', 'body'].includes(field)) setTab('zh');
      } else toast.error(message);
    } finally {
      setSaving(false);
    }
  };

  const uploadCover = async (file: File | undefined) => {
    if (!file) return;
    try {
      setCover((await uploadContentImage(file)).uri);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : t('contentadmin.upload_failed'));
    }
  };

  const fieldError = (field: string) => {
    const message = errorOf(field);
    return message ? (
      <div className="content-editor__error" role="alert" data-testid={`content-error-${field}`}>
        {message}
      </div>
    ) : null;
  };

  return (
    <Drawer
      open
      onClose={onClose}
      size="min(960px, 100vw)"
      title={article ? t('contentadmin.edit') : t(`contentadmin.new_${kind}`)}
      destroyOnHidden
      extra={
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="content-save">
          {t('common.save')}
        </Button>
      }
    >
      <div className="content-editor" data-testid="content-editor">
        <div className="content-editor__meta">
          <label className="content-editor__field">
            <span>{t(kind === 'news' ? 'contentadmin.category' : 'contentadmin.section')}</span>
            <Select
              allowClear
              value={categoryId ?? undefined}
              onChange={(v: number | undefined) => setCategoryId(v ?? null)}
              placeholder={t('contentadmin.no_category')}
              options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.names[locale] || c.names.zh }))}
              data-testid="content-category"
            />
            {fieldError('category')}
          </label>
          <div className="content-editor__field">
            <span>{t('contentadmin.status')}</span>
            <Radio.Group value={status} onChange={(e) => setStatus(e.target.value as ContentStatus)} optionType="button" data-testid="content-status">
              <Radio.Button value="draft">{t('contentadmin.status_draft')}</Radio.Button>
              <Radio.Button value="published" data-testid="content-status-published">
                {t('contentadmin.status_published')}
              </Radio.Button>
              <Radio.Button value="hidden">{t('contentadmin.status_hidden')}</Radio.Button>
            </Radio.Group>
          </div>
          <label className="content-editor__field">
            <span>{t('contentadmin.publish_at')}</span>
            <input type="datetime-local" className="ant-input content-editor__date" value={publishAt} disabled={status !== 'published'} onChange={(e) => setPublishAt(e.target.value)} data-testid="content-publish-at" />
            <small className="muted">{t('contentadmin.publish_at_hint')}</small>
            {fieldError('publish_at')}
          </label>
          <label className="content-editor__field">
            <span>{t('contentadmin.sort')}</span>
            <InputNumber min={0} max={9999} value={sort} onChange={(v) => setSort(v ?? 0)} />
          </label>
          {kind === 'news' && (
            <div className="content-editor__field">
              <span>{t('contentadmin.cover')}</span>
              <div className="content-editor__cover">
                {cover && <img src={mediaUrl(cover)} alt="" />}
                <label className="ant-btn ant-btn-default content-editor__upload">
                  <UploadOutlined aria-hidden="true" /> {t('contentadmin.cover_upload')}
                  <input type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden onChange={(e) => void uploadCover(e.target.files?.[0])} data-testid="content-cover-file" />
                </label>
                {cover && <Button icon={<DeleteOutlined />} onClick={() => setCover(null)} aria-label={t('contentadmin.cover_remove')} />}
              </div>
              {fieldError('cover')}
            </div>
          )}
        </div>
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as Locale)}
          items={LOCALES.map((l) => ({
            key: l,
            label: (
              <span data-testid={`content-tab-${l}`}>
                {t(`contentadmin.locale_${l}`)}
                {l !== 'zh' && !versions[l].title.trim() && <span className="muted"> · {t('contentadmin.falls_back')}</span>}
              </span>
            ),
            children: (
              <div className="content-editor__version">
                <label className="content-editor__field">
                  <span>{kind === 'faq' ? t('contentadmin.question') : t('contentadmin.title')}</span>
                  <Input value={versions[l].title} maxLength={120} showCount onChange={(e) => patch(l, { title: e.target.value })} status={l === 'zh' && errorOf('title') ? 'error' : undefined} data-testid={`content-title-${l}`} />
                  {l === 'zh' && fieldError('title')}
                </label>
                {kind !== 'faq' && (
                  <label className="content-editor__field">
                    <span>{t('contentadmin.summary')}</span>
                    <Input.TextArea value={versions[l].summary} maxLength={300} autoSize={{ minRows: 2, maxRows: 4 }} onChange={(e) => patch(l, { summary: e.target.value })} data-testid={`content-summary-${l}`} />
                    {l === 'zh' && fieldError('summary')}
                  </label>
                )}
                <div className="content-editor__field">
                  <span>{kind === 'faq' ? t('contentadmin.answer') : t('contentadmin.body')}</span>
                  <RichTextEditor value={versions[l].body} onChange={(body) => patch(l, { body })} label={t('contentadmin.body')} testId={`content-body-${l}`} />
                  {l === 'zh' && fieldError('body')}
                </div>
              </div>
            ),
          }))}
        />
      </div>
    </Drawer>
  );
}
