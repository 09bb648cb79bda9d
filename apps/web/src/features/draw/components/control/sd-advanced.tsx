import { useTranslation } from 'react-i18next';
import type { DrawForm } from '../../lib/draw-form';

const num = (value: string): number | null => (value.trim() === '' || !Number.isFinite(Number(value)) ? null : Number(value));

/** Sampler, steps, CFG and seed of Stable Diffusion, folded away: the WebUI's defaults suit most drawings. */
export function SdAdvanced({ samplers, form, set, disabled }: { samplers: string[]; form: DrawForm; set: (patch: Partial<DrawForm>) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <details className="draw-advanced" data-testid="draw-sd-advanced">
      <summary>{t('draw.advanced')}</summary>
      <div className="draw-advanced__grid">
        {samplers.length > 0 && (
          <label>
            <span>{t('draw.sampler')}</span>
            <select className="draw-select" value={form.sampler} onChange={(e) => set({ sampler: e.target.value })} disabled={disabled} data-testid="draw-sampler">
              {samplers.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          <span>{t('draw.steps')}</span>
          <input type="number" min={1} max={150} value={form.steps ?? ''} placeholder={t('draw.default')} onChange={(e) => set({ steps: num(e.target.value) })} disabled={disabled} data-testid="draw-steps" />
        </label>
        <label>
          <span>{t('draw.cfg')}</span>
          <input type="number" min={1} max={30} step={0.5} value={form.cfg_scale ?? ''} placeholder={t('draw.default')} onChange={(e) => set({ cfg_scale: num(e.target.value) })} disabled={disabled} data-testid="draw-cfg" />
        </label>
        <label>
          <span>{t('draw.seed')}</span>
          <input type="number" min={-1} value={form.seed} onChange={(e) => set({ seed: num(e.target.value) ?? -1 })} disabled={disabled} data-testid="draw-seed" />
        </label>
      </div>
      <p className="muted small">{t('draw.seed_hint')}</p>
    </details>
  );
}
