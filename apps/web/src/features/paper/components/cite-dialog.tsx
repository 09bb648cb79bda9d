import { CITE_FORMATS, type CiteFormat } from '@xueba/contract';
import { CopyOutlined } from '@ant-design/icons';
import { Button, Modal, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import { useCitation } from '../api/get-citation';
import { QueryError } from './query-error';

/** Clipboard API where allowed; a hidden textarea otherwise (plain http on a LAN has no clipboard API). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

function CitationPane({ id, format }: { id: string; format: CiteFormat }) {
  const { t } = useTranslation();
  const citation = useCitation(id, format);
  if (citation.isPending) return <pre className="cite-text cite-text--loading">{t('common.loading')}</pre>;
  if (citation.isError) return <QueryError error={citation.error} onRetry={() => void citation.refetch()} />;
  const { text } = citation.data;
  return (
    <div className="cite-pane">
      <pre className="cite-text" data-testid="cite-text">
        {text}
      </pre>
      <Button
        type="primary"
        icon={<CopyOutlined />}
        onClick={() => copyText(text).then(() => toast.success(t('msg.copied')), () => toast.error(t('msg.copy_failed')))}
        data-testid="cite-copy"
      >
        {t('paper.copy')}
      </Button>
    </div>
  );
}

/** Cite as BibTeX, RIS, APA, MLA or GB/T 7714-2015: one tab per format, each with a copy button. */
export default function CiteDialog({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  // Chinese schools mostly ask for GB/T 7714, so it is first and the default.
  const formats: CiteFormat[] = ['gbt7714', ...CITE_FORMATS.filter((f) => f !== 'gbt7714')];
  const [format, setFormat] = useState<CiteFormat>('gbt7714');
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('paper.cite_title')} width={640} destroyOnHidden>
      <div data-testid="cite-dialog">
        <Tabs
          activeKey={format}
          onChange={(key) => setFormat(key as CiteFormat)}
          items={formats.map((f) => ({
            key: f,
            label: <span data-testid={`cite-tab-${f}`}>{t(`paper.cite_formats.${f}`)}</span>,
            children: <CitationPane id={id} format={f} />,
          }))}
        />
      </div>
    </Modal>
  );
}
