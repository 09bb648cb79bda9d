import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/hooks/use-locale';

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
