import type { DrawModelOption } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { Choices, Field } from './field';

/** `1024x1792` → a small frame of that shape, so the choice reads at a glance. */
function SizeShape({ size }: { size: string }) {
  const [w, h] = size.split(/[x:]/).map(Number);
  const ratio = w && h ? w / h : 1;
  const width = ratio >= 1 ? 18 : Math.round(18 * ratio);
  const height = ratio >= 1 ? Math.round(18 / ratio) : 18;
  return <span className="draw-size-shape" style={{ width, height }} aria-hidden="true" />;
}

/** Picture sizes of a model with their price per picture (spec §2 picture-size; each family's size part wraps it). */
export function PictureSize({ sizes, value, onChange, testId, label, disabled }: { sizes: DrawModelOption['sizes']; value: string; onChange: (size: string) => void; testId: string; label?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Field label={label ?? t('draw.size')}>
      {sizes.length === 0 ? (
        <p className="muted small">{t('draw.no_sizes')}</p>
      ) : (
        <Choices
          name={testId}
          testId={testId}
          value={value}
          onChange={onChange}
          disabled={disabled}
          items={sizes.map((s) => ({
            value: s.size,
            label: (
              <>
                <SizeShape size={s.size} /> {s.size}
              </>
            ),
            note: t('draw.price_per_picture', { count: s.price }),
          }))}
        />
      )}
    </Field>
  );
}
