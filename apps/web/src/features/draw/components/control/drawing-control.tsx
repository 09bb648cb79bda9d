import type { DrawOptions } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useSiteConfig } from '@/lib/site-config';
import { addKeyword, costOf, familyOptions, modelOption, takesNegativePrompt, type DrawForm, type FormField } from '../../lib/draw-form';
import { Dalle3PictureSize } from './dalle3-picture-size';
import { Dalle3SizeType } from './dalle3-size-type';
import { Dalle3StylePicker } from './dalle3-style-picker';
import { Choices, Field } from './field';
import type { FamilyPartProps } from './family-parts';
import { GenerationPicker } from './generation-picker';
import { KeywordSuggestion } from './keyword-suggestion';
import { ModelPicker } from './model-picker';
import { ModelSelectField } from './model-select-field';
import { NegativePrompt } from './negative-prompt';
import { OtherPrompt } from './other-prompt';
import { PromptTxt2img } from './prompt-txt2img';
import { ReferenceImage } from './reference-image';
import { SdAdvanced } from './sd-advanced';
import { SdModelPicker } from './sd-model-picker';
import { SdPictureSize } from './sd-picture-size';
import { YjModelPicker } from './yj-model-picker';
import { YjPictureSize } from './yj-picture-size';

export interface DrawingControlProps {
  options: DrawOptions;
  form: DrawForm;
  set: (patch: Partial<DrawForm>) => void;
  errors: Partial<Record<FormField, string>>;
  signedIn: boolean;
  /** true when signed in; otherwise opens the sign-in popup and says why. */
  requireSignIn: () => boolean;
  submitting: boolean;
  onSubmit: () => void;
}

/** The parts of one family, in the order the eye reads them: model, size, then the family's own choices. */
function FamilyParts(props: FamilyPartProps & { samplers: string[] }) {
  const { t } = useTranslation();
  switch (props.form.family) {
    case 'openai':
      return (
        <>
          {props.models.length > 1 && (
            <ModelSelectField label={t('draw.openai_model')} models={props.models} value={props.form.model} onChange={(model) => props.set({ model })} testId="draw-model" disabled={props.disabled} />
          )}
          <Dalle3PictureSize {...props} />
          <Dalle3SizeType {...props} />
          <Dalle3StylePicker {...props} />
        </>
      );
    case 'sd':
      return (
        <>
          <SdModelPicker {...props} />
          <SdPictureSize {...props} />
          <SdAdvanced samplers={props.samplers} form={props.form} set={props.set} disabled={props.disabled} />
        </>
      );
    case 'yj':
      return (
        <>
          <YjModelPicker {...props} />
          <YjPictureSize {...props} />
        </>
      );
  }
}

/** Spec §2 drawing-control: every part, the cost of the current choice and the user's drawing count. */
export function DrawingControl({ options, form, set, errors, signedIn, requireSignIn, submitting, onSubmit }: DrawingControlProps) {
  const { t } = useTranslation();
  const { config } = useSiteConfig();
  const family = familyOptions(options, form.family);
  const model = modelOption(options, form.family, form.model);
  const cost = costOf(options, form);
  const balance = options.balance;
  const short = signedIn && balance !== null && cost !== null && balance < cost;
  const buyPath = config.recharge_package_status ? '/recharge' : config.member_package_status ? '/openvip' : '/redeem_code';

  return (
    <form
      className="draw-control"
      data-testid="drawing-control"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <ModelPicker options={options} value={form.family} onChange={(f) => set({ family: f, model: '' })} disabled={submitting} />
      {model && <GenerationPicker offered={model.generations} value={form.generation} onChange={(generation) => set({ generation })} disabled={submitting} />}
      <PromptTxt2img value={form.prompt} onChange={(prompt) => set({ prompt })} error={errors.prompt} disabled={submitting} />
      <OtherPrompt prompt={form.prompt} style={form.keyword_style} offline={options.suggest_offline} onPrompt={(prompt) => set({ prompt })} requireSignIn={requireSignIn} disabled={submitting} />
      <KeywordSuggestion
        options={options}
        style={form.keyword_style}
        onStyle={(keyword_style) => set({ keyword_style })}
        prompt={form.prompt}
        onAdd={(k) => set({ prompt: addKeyword(form.prompt, k) })}
        requireSignIn={requireSignIn}
        disabled={submitting}
      />
      {takesNegativePrompt(form.family) && <NegativePrompt value={form.negative_prompt} onChange={(negative_prompt) => set({ negative_prompt })} error={errors.negative_prompt} disabled={submitting} />}
      {form.generation === 'img2img' && (
        <ReferenceImage
          value={form.reference}
          onChange={(reference) => set({ reference })}
          error={errors.reference}
          requireSignIn={requireSignIn}
          denoising={form.family === 'sd' ? form.denoising_strength : null}
          onDenoising={(denoising_strength) => set({ denoising_strength })}
          disabled={submitting}
        />
      )}
      {model && family && <FamilyParts model={model} models={family.models} samplers={family.samplers} form={form} set={set} disabled={submitting} />}
      {errors.size && (
        <p className="draw-field__error" role="alert">
          {t(`msg.${errors.size}`)}
        </p>
      )}
      {model && model.max_pictures > 1 && (
        <Field label={t('draw.count_label')}>
          <Choices
            name="draw-n"
            testId="draw-n"
            value={String(form.n)}
            columns={model.max_pictures}
            onChange={(v) => set({ n: Number(v) })}
            disabled={submitting}
            items={Array.from({ length: model.max_pictures }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
          />
        </Field>
      )}

      <div className="draw-submit">
        <p className="draw-submit__cost" data-testid="draw-cost">
          {cost !== null ? t('draw.cost', { count: cost }) : t('draw.cost_unknown')}
          {signedIn && balance !== null && (
            <span className="draw-submit__balance" data-testid="draw-balance">
              {t('draw.balance', { count: balance })}
            </span>
          )}
        </p>
        {short && (
          <p className="draw-submit__short" role="status" data-testid="draw-balance-short">
            {balance === 0 ? t('draw.balance_zero') : t('draw.balance_short', { count: cost ?? 0 })}{' '}
            <LocaleLink to={buyPath} data-testid="draw-buy">
              {t('draw.buy')}
            </LocaleLink>
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={submitting} data-testid="draw-submit">
          {submitting ? t('draw.submitting') : signedIn ? t('draw.submit') : t('draw.submit_sign_in')}
        </button>
      </div>
    </form>
  );
}
