import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const BENEFITS = ['unlimited', 'no_expiry', 'reading', 'priority'] as const;

export function MemberBenefits() {
  const { t } = useTranslation();
  return (
    <ul className="benefits">
      {BENEFITS.map((b) => (
        <li key={b}>
          <CheckCircleOutlined aria-hidden="true" />
          <span>{t(`members.benefit.${b}`)}</span>
        </li>
      ))}
    </ul>
  );
}
