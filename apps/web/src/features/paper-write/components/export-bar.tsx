import { DownloadOutlined } from '@ant-design/icons';
import { PAPER_WRITE_EXPORT_FORMATS, PAPER_WRITE_STYLES, type PaperWriteDetail, type PaperWriteExportFormat, type PaperWriteStyle } from '@xueba/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { downloadExport } from '../api/paper-write-api';

/** DOCX, Markdown and LaTeX + BibTeX downloads, in the reference style chosen here (the project's by default). */
export function ExportBar({ detail }: { detail: PaperWriteDetail }) {
  const { t } = useTranslation();
  const [style, setStyle] = useState<PaperWriteStyle>(detail.style);
  const [busy, setBusy] = useState<PaperWriteExportFormat | null>(null);
  const run = async (format: PaperWriteExportFormat) => {
    setBusy(format);
    try {
      await downloadExport(detail.id, format, style, detail.title);
    } catch (error) {
      toast.error(t('paperwrite.export.failed', { msg: error instanceof Error && error.message ? error.message : t('errors.server_error') }));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="pw-export" role="group" aria-label={t('paperwrite.export.label')} data-testid="pw-export">
      <select className="pw-select" value={style} onChange={(e) => setStyle(e.target.value as PaperWriteStyle)} aria-label={t('paperwrite.export.style')} data-testid="pw-export-style">
        {PAPER_WRITE_STYLES.map((s) => (
          <option key={s} value={s}>
            {t(`paperwrite.styles.${s}`)}
          </option>
        ))}
      </select>
      {PAPER_WRITE_EXPORT_FORMATS.map((format) => (
        <button key={format} type="button" className="btn btn--outline" disabled={busy !== null} onClick={() => void run(format)} aria-busy={busy === format} data-testid={`pw-export-${format}`}>
          <DownloadOutlined aria-hidden="true" /> {busy === format ? t('paperwrite.export.exporting') : t(`paperwrite.export.${format}`)}
        </button>
      ))}
    </div>
  );
}
