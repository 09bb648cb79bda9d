import type { DrawModelOption } from '@xueba/contract';
import { Field } from './field';

/** A native select of a family's models (checkpoints, engines): long lists stay usable on phones. */
export function ModelSelectField({ label, models, value, onChange, testId, disabled }: { label: string; models: DrawModelOption[]; value: string; onChange: (model: string) => void; testId: string; disabled?: boolean }) {
  return (
    <Field label={label} htmlFor={testId}>
      <select id={testId} className="draw-select" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} disabled={disabled}>
        {models.map((m) => (
          <option key={m.model} value={m.model}>
            {m.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
