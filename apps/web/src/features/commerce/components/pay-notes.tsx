import { useTranslation } from 'react-i18next';

/** Spec §9: no refund after payment, invoice through the official account; §4: effect in about 2 minutes. */
export function PayNotes() {
  const { t } = useTranslation();
  return (
    <ul className="pay-notes muted small" data-testid="pay-notes">
      <li>{t('commerce.agreement_note')}</li>
      <li>{t('commerce.effect_note')}</li>
    </ul>
  );
}
