import type { TFunction } from 'i18next';

/**
 * A ledger row's reason as a person reads it: the server's reason codes
 * (`signup_gift`, `task_chat`, …) are translated; an administrator's
 * free-text reason is shown as written.
 */
export function ledgerReasonText(t: TFunction, reason: string): string {
  return /^[a-z0-9_]+$/.test(reason) ? t(`ledgertext.reason.${reason}`, { defaultValue: reason }) : reason;
}
