import { Radio } from 'antd';
import type { PayGateway } from '@xueba/contract';
import { useTranslation } from 'react-i18next';

/** The gateway a checkout starts on: the first the server offers (`/pc/config` lists real providers before the sandbox). */
export function defaultGateway(gateways: readonly PayGateway[]): PayGateway | null {
  return gateways[0] ?? null;
}

/**
 * The ways to pay, exactly those the server accepts orders for, so the user is
 * never offered a method that would only be refused after choosing it.
 */
export function GatewayPicker({ gateways, value, onChange }: { gateways: readonly PayGateway[]; value: PayGateway; onChange: (gateway: PayGateway) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="checkout__gateways" data-testid="gateway-picker">
      <legend>{t('commerce.gateway')}</legend>
      <Radio.Group value={value} onChange={(e) => onChange(e.target.value as PayGateway)}>
        {gateways.map((g) => (
          <Radio.Button key={g} value={g}>
            <span data-testid={`gateway-${g}`}>{t(`commerce.gateway_${g}`)}</span>
          </Radio.Button>
        ))}
      </Radio.Group>
    </fieldset>
  );
}
