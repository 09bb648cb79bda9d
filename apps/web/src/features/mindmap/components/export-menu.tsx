import { DownloadOutlined } from '@ant-design/icons';
import { MINDMAP_EXPORT_FORMATS, type MindmapExportFormat } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { isRequestError } from '@/lib/request';
import { downloadExport } from '../api/mindmap-api';

/**
 * Every export format of the server. `beforeExport` sends an edit still
 * waiting for autosave first, so the file is the map on screen; pictures
 * follow the layout on screen where the server draws it (right-only, else both sides).
 */
export function ExportMenu({ id, title, layout, beforeExport }: { id: number; title: string; layout: 'both' | 'right'; beforeExport: () => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<MindmapExportFormat | null>(null);

  const run = async (format: MindmapExportFormat) => {
    setBusy(format);
    try {
      await beforeExport();
      await downloadExport(id, format, title, layout);
    } catch (e) {
      toast.error(isRequestError(e) && e.message ? e.message : t('msg.mindmap_export_failed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mm-export" data-testid="mm-export">
      <p className="muted small">{t('mindmap.export.intro')}</p>
      <div className="mm-export__grid">
        {MINDMAP_EXPORT_FORMATS.map((f) => (
          <button key={f} type="button" className="btn" onClick={() => void run(f)} disabled={busy !== null} data-testid={`mm-export-${f}`}>
            <DownloadOutlined aria-hidden="true" /> {t(`mindmap.export.${f}`)}
            {busy === f && <span className="sr-only">{t('common.loading')}</span>}
          </button>
        ))}
      </div>
    </div>
  );
}
