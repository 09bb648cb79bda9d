import { QR_LOGO_SCALE_MAX, QR_LOGO_SCALE_MIN } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { errorFor } from '../lib/form-error';
import { withStyleTemplate } from '../lib/qr-form';
import { ColorControls, PixelStyleType, VersionAndSize, type LookProps } from './look-controls';
import { PictureUpload } from './picture-upload';
import { TemplatePicker } from './template-picker';

/** The styled mode's look: template, pixel and eye styles, colours, version and level, size, logo and background. */
export function StyledControl(props: LookProps & { requireSignIn: () => boolean }) {
  const { t } = useTranslation();
  const { options, form, set, error, disabled, requireSignIn } = props;
  return (
    <div className="qr-styled" data-testid="qr-styled-control">
      <TemplatePicker
        label={t('qrcode.template_style_label')}
        templates={options.templates.style}
        value={form.style_template}
        onPick={(template) => set(withStyleTemplate(form, template.id, template.config))}
        testId="qr-style-template"
        disabled={disabled}
      />
      <PixelStyleType {...props} />
      <ColorControls {...props} />
      <VersionAndSize {...props} />
      <div className="qr-pictures">
        <PictureUpload label={t('qrcode.logo_label')} hint={t('qrcode.logo_hint')} value={form.logo} onChange={(logo) => set({ logo })} requireSignIn={requireSignIn} error={errorFor(error, 'logo')} testId="qr-logo" disabled={disabled}>
          <label className="qr-range">
            <span>{t('qrcode.logo_scale', { value: Math.round(form.logo_scale * 100) })}</span>
            <input type="range" min={QR_LOGO_SCALE_MIN} max={QR_LOGO_SCALE_MAX} step={0.01} value={form.logo_scale} onChange={(e) => set({ logo_scale: Number(e.target.value) })} disabled={disabled} data-testid="qr-logo-scale" />
          </label>
        </PictureUpload>
        <PictureUpload
          label={t('qrcode.background_label')}
          hint={t('qrcode.background_hint')}
          value={form.background}
          onChange={(background) => set({ background })}
          requireSignIn={requireSignIn}
          error={errorFor(error, 'background_image')}
          testId="qr-background"
          disabled={disabled}
        />
      </div>
    </div>
  );
}
