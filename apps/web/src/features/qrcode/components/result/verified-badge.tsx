import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { QrVerified } from '@xueba/contract';
import { useTranslation } from 'react-i18next';

/** Both decoders read the content back at every size: the server's own words for what was checked. */
export function VerifiedBadge({ verified }: { verified: QrVerified | null }) {
  const { t } = useTranslation();
  if (!verified || !verified.zxing || !verified.jsqr) return null;
  return (
    <p className="qr-verified" title={t('qrcode.verified_badge')} data-testid="qr-verified" data-sizes={verified.sizes.join(',')}>
      <SafetyCertificateOutlined aria-hidden="true" />
      <span>{t('msg.qrcode_verified')}</span>
    </p>
  );
}
