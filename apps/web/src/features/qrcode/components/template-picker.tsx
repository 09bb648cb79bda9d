import type { QrTemplate } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '@/lib/media-url';
import { Field } from './field';

/** A template's own colours when it has no thumbnail (a style template's look). */
function Swatch({ config }: { config: Record<string, unknown> }) {
  const fg = typeof config.fg === 'string' ? config.fg : '#000000';
  const bg = typeof config.bg === 'string' ? config.bg : '#ffffff';
  return (
    <span className="qr-template__swatch" style={{ background: bg }} aria-hidden="true">
      <span style={{ background: fg }} />
    </span>
  );
}

/** The two template pickers: a style template applies its look, a prompt template fills the prompt. */
export function TemplatePicker({ label, templates, value, onPick, testId, disabled }: { label: string; templates: QrTemplate[]; value: number | null; onPick: (template: QrTemplate) => void; testId: string; disabled?: boolean }) {
  const { t } = useTranslation();
  if (templates.length === 0) return null;
  return (
    <Field label={label} testId={testId}>
      <ul className="qr-templates">
        {templates.map((template) => (
          <li key={template.id}>
            <button
              type="button"
              className={`qr-template${template.id === value ? ' is-active' : ''}`}
              aria-pressed={template.id === value}
              onClick={() => onPick(template)}
              disabled={disabled}
              data-testid={`${testId}-${template.id}`}
              title={template.name}
            >
              {template.thumb_url ? <img src={mediaUrl(template.thumb_url)} alt="" loading="lazy" /> : <Swatch config={template.config} />}
              <span className="qr-template__name">{template.name || t('qrcode.template_none')}</span>
            </button>
          </li>
        ))}
      </ul>
    </Field>
  );
}
