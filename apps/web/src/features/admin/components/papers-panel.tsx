import { Alert, Button, Card, Checkbox, Form, Input, Progress, Radio, Typography, Upload } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PAPER_IMPORT_MAX_BYTES, PAPER_SOURCE_MODES, type PaperSourceMode } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importPaperFiles, paperAdminKeys, paperSourceQuery, savePaperSource, type PaperImportResult } from '../api/paper-admin-api';

interface SourceValues {
  source: PaperSourceMode;
  key: string;
  clear_key: boolean;
}

/**
 * Paper search: which source answers `/academic_search` (the merged default,
 * the local corpus, OpenAlex or Semantic Scholar with its optional key,
 * write-only), and the
 * corpus import through the same parser as `npm run papers:import`.
 */
export function PapersPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useQuery(paperSourceQuery);
  const [form] = Form.useForm<SourceValues>();
  const [saving, setSaving] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<PaperImportResult | null>(null);

  if (settings.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (settings.isError) return <Alert type="error" title={t('admin.settings_failed')} showIcon />;
  const data = settings.data;

  const save = async (values: SourceValues) => {
    setSaving(true);
    try {
      const key = values.clear_key ? '' : values.key.trim() || undefined;
      const saved = await savePaperSource({ source: values.source, ...(key === undefined ? {} : { semanticscholar_key: key }) });
      queryClient.setQueryData(paperAdminKeys.source, saved);
      form.setFieldsValue({ key: '', clear_key: false });
      // Search results come from the new source at once.
      await queryClient.invalidateQueries({ queryKey: ['paper'] });
    } catch {
      // Reported by the request layer.
    } finally {
      setSaving(false);
    }
  };

  const runImport = async () => {
    setResult(null);
    setProgress(0);
    try {
      const imported = await importPaperFiles(files, (loaded, total) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : 0));
      setResult(imported);
      setFiles([]);
      await queryClient.invalidateQueries({ queryKey: paperAdminKeys.source });
    } catch {
      // Reported by the request layer (format, size, sign-in).
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="papers-admin" data-testid="papers-admin">
      <Card title={t('paperadmin.source_title')} size="small">
        <Typography.Paragraph type="secondary">{t('paperadmin.source_intro')}</Typography.Paragraph>
        <Form<SourceValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ source: data.source, key: '', clear_key: false }}
          onFinish={(values) => void save(values)}
          data-testid="paper-source-form"
        >
          <Form.Item name="source">
            <Radio.Group>
              {PAPER_SOURCE_MODES.map((source) => (
                <Radio key={source} value={source}>
                  {source === 'local' ? t('paperadmin.source_local', { count: data.local_count }) : t(`paperadmin.source_${source}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="key" label={t('paperadmin.s2_key')} extra={data.semanticscholar_key_set ? t('paperadmin.s2_key_set') : t('paperadmin.s2_key_unset')}>
            <Input.Password maxLength={200} autoComplete="off" data-testid="paper-s2-key" />
          </Form.Item>
          {data.semanticscholar_key_set && (
            <Form.Item name="clear_key" valuePropName="checked">
              <Checkbox>{t('paperadmin.clear_key')}</Checkbox>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" loading={saving} data-testid="paper-source-save">
            {t('paperadmin.save')}
          </Button>
        </Form>
      </Card>

      <Card title={t('paperadmin.import_title')} size="small" className="papers-admin__import">
        <Typography.Paragraph type="secondary">{t('paperadmin.import_intro', { size: PAPER_IMPORT_MAX_BYTES / (1024 * 1024) })}</Typography.Paragraph>
        <Upload
          multiple
          accept=".json,.jsonl,application/json"
          fileList={files.map((file, index) => ({ uid: `${index}-${file.name}`, name: file.name, status: 'done' as const, size: file.size }))}
          beforeUpload={(file) => {
            setFiles((list) => [...list, file]);
            // Kept in state and sent together by the import button.
            return false;
          }}
          onRemove={(removed) => setFiles((list) => list.filter((file, index) => `${index}-${file.name}` !== removed.uid))}
        >
          <Button data-testid="paper-import-choose">{t('paperadmin.choose_files')}</Button>
        </Upload>
        {progress !== null && <Progress percent={progress} size="small" data-testid="paper-import-progress" />}
        <Button type="primary" className="papers-admin__run" disabled={files.length === 0} loading={progress !== null} onClick={() => void runImport()} data-testid="paper-import-run">
          {progress !== null ? t('paperadmin.importing') : t('paperadmin.import')}
        </Button>
        {result && (
          <Alert
            type="success"
            showIcon
            data-testid="paper-import-result"
            title={t('paperadmin.import_result', { inserted: result.inserted, updated: result.updated, references: result.references, resolved: result.resolved, seconds: result.seconds.toFixed(1) })}
            description={
              <ul className="papers-admin__files">
                {result.files.map((file) => (
                  <li key={file.name}>{t('paperadmin.file_row', { name: file.name, format: file.format, papers: file.papers })}</li>
                ))}
              </ul>
            }
          />
        )}
      </Card>
    </div>
  );
}
