import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/hooks/use-locale';

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

/** The pay agreement checkbox; the agreement opens in a new tab so the order in progress stays. */
export function PayAgreement({ checked, onChange }: { checked: boolean; onChange: (value: boolean) => void }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="pay-agreement">
      {t('commerce.agree_prefix')}{' '}
      <a href={localePath('/policy/pay')} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()} data-testid="pay-agreement-link">
        {t('commerce.pay_agreement')}
      </a>
    </Checkbox>
  );
}
