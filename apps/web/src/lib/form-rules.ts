import type { FormInstance, FormRule } from 'antd';
import { isMessageKey } from '@xueba/contract';
import type { TFunction } from 'i18next';

interface SafeParser {
  safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * antd rule from a contract schema: the same rule the server applies, with
 * its message key translated (spec §5 texts come from the shared table).
 */
export function zodRule(schema: SafeParser, t: TFunction): FormRule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(typeof value === 'string' ? value : '');
      if (result.success) return;
      const key = result.error.issues[0]?.message ?? 'validation_failed';
      throw new Error(isMessageKey(key) ? t(`msg.${key}`, { field: '' }) : t('msg.validation_failed', { field: '' }));
    },
  };
}

/** "Passwords entered do not match" (spec §5). */
export function confirmRule(form: FormInstance, t: TFunction, field = 'password'): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(t('msg.password_required'));
      if (value !== form.getFieldValue(field)) throw new Error(t('msg.password_mismatch'));
    },
  };
}

export function requiredRule(message: string): FormRule {
  return { required: true, whitespace: true, message };
}
