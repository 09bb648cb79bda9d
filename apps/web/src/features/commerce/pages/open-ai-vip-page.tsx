import { useTranslation } from 'react-i18next';
import { VipPart } from '../components/parts';
import { FeatureGate } from '../components/feature-gate';
import '../commerce.css';

/** `/components/open-ai-vip` (blank layout): the academic AI memberships alone, for embedding or linking from a prompt. */
export default function OpenAiVipPage() {
  const { t } = useTranslation();
  return (
    <FeatureGate flag="member_package_status">
      <div className="commerce commerce--embed" data-testid="open-ai-vip-page">
        <h1 className="commerce__title">{t('commerce.open_ai_vip_title')}</h1>
        <VipPart kind="academic_ai" onKind={() => undefined} fixedKind />
      </div>
    </FeatureGate>
  );
}
