import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { Package, PayGateway } from '@xueba/contract';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { configQuery, DEFAULT_CONFIG } from '@/lib/site-config';
import CheckoutModal from './checkout-modal';
import { defaultGateway } from './gateway-picker';
import { PackageCard } from './package-card';
import { useBuy } from './use-buy';

const PKG: Package = {
  id: 7,
  type: 'recharge',
  name: '10 万字',
  description: '',
  level: null,
  kind: null,
  months: null,
  original_price: 4990,
  price: 4990,
  conversation_count: 0,
  word_count: 100_000,
  drawing_count: 0,
  gift_conversation_count: 0,
  gift_word_count: 0,
  gift_drawing_count: 0,
  invoice: false,
  benefits: [],
  recommended: false,
  sort: 0,
  word_count_wan: 10,
};

/** The app's providers with the site config as the server would answer it, listing `gateways`. */
function withConfig(gateways: PayGateway[], children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(configQuery.queryKey, { ...DEFAULT_CONFIG, pay_gateways: gateways });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

function Shop() {
  const { buy, notice } = useBuy();
  return (
    <>
      {notice}
      <PackageCard pkg={PKG} onBuy={buy} />
    </>
  );
}

const offered = () => screen.queryAllByRole('radio').map((r) => (r as HTMLInputElement).value);
const checked = () => screen.queryAllByRole('radio').find((r) => (r as HTMLInputElement).checked)?.getAttribute('value');

describe('checkout gateway picker', () => {
  beforeAll(async () => {
    await initI18n();
  });
  afterEach(cleanup);

  it('defaults to the first gateway the server lists, and to none when it lists none', () => {
    expect(defaultGateway(['alipay', 'sandbox'])).toBe('alipay');
    expect(defaultGateway(['sandbox'])).toBe('sandbox');
    expect(defaultGateway([])).toBeNull();
  });

  it('offers exactly the gateways of /pc/config, in its order, the first selected', async () => {
    await act(async () => {
      render(withConfig(['alipay', 'sandbox'], <CheckoutModal pkg={PKG} onClose={() => undefined} />));
    });
    expect(offered()).toEqual(['alipay', 'sandbox']);
    expect(checked()).toBe('alipay');
    expect(screen.queryByTestId('gateway-wechat')).toBeNull();
    expect(screen.getByTestId('gateway-sandbox').textContent).toBe('沙箱测试（非真实付款）');
    expect(screen.getByTestId('checkout-submit')).toBeTruthy();
  });

  it('offers the sandbox alone where it is the only gateway on', async () => {
    await act(async () => {
      render(withConfig(['sandbox'], <CheckoutModal pkg={PKG} onClose={() => undefined} />));
    });
    expect(offered()).toEqual(['sandbox']);
    expect(checked()).toBe('sandbox');
  });

  it('with no gateway on, says online payment is not available instead of offering to pay', async () => {
    await act(async () => {
      render(withConfig([], <CheckoutModal pkg={PKG} onClose={() => undefined} />));
    });
    expect(offered()).toEqual([]);
    expect(screen.queryByTestId('checkout-submit')).toBeNull();
    expect(screen.getByTestId('pay-unavailable').textContent).toContain('当前暂不支持在线支付');
  });

  it('package cards lose their buy button for that message when no gateway is on; the redeem link stays', () => {
    render(withConfig([], <Shop />));
    expect(screen.queryByTestId(`buy-${PKG.id}`)).toBeNull();
    expect(screen.getByTestId('pay-unavailable-redeem').getAttribute('href')).toBe('/redeem_code');
    cleanup();
    render(withConfig(['wechat'], <Shop />));
    expect(screen.getByTestId(`buy-${PKG.id}`)).toBeTruthy();
    expect(screen.queryByTestId('pay-unavailable')).toBeNull();
  });
});
