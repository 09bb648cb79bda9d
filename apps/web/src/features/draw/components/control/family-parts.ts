import type { DrawModelOption } from '@xueba/contract';
import type { DrawForm } from '../../lib/draw-form';

/** What every family-specific part gets: the chosen model, the form, and a way to change it. */
export interface FamilyPartProps {
  model: DrawModelOption;
  models: DrawModelOption[];
  form: DrawForm;
  set: (patch: Partial<DrawForm>) => void;
  disabled?: boolean;
}
