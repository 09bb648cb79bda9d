import type { Env } from '../../../config/env.js';
import type { PayGateway, PaymentGateway } from './gateway.js';
import { realGateways } from './real.js';
import { SandboxGateway } from './sandbox.js';

/** Real providers first: the sandbox pays without money, so it is never the default where a real one is on. */
const OFFER_ORDER: readonly PayGateway[] = ['wechat', 'alipay', 'sandbox'];

export interface PaymentGateways {
  map: Map<PayGateway, PaymentGateway>;
  sandbox: SandboxGateway | null;
  /** The gateways orders are accepted for, in the order the checkout offers them (`/pc/config`). */
  accepted: PayGateway[];
}

/**
 * The gateways this process can use: the sandbox unless switched off (off by
 * default in production: it pays without money), and each real provider only
 * when all of its credentials are configured.
 */
export function buildGateways(env: Env, appSecret: string, now: () => Date, extra: PaymentGateway[] = []): PaymentGateways {
  const map = new Map<PayGateway, PaymentGateway>();
  const sandboxOn = env.PAY_SANDBOX === 'on' || (env.PAY_SANDBOX === undefined && env.NODE_ENV !== 'production');
  const sandbox = sandboxOn ? new SandboxGateway(appSecret, env.API_PREFIX === '/' ? '' : env.API_PREFIX, now) : null;
  if (sandbox) map.set('sandbox', sandbox);
  for (const gateway of extra) map.set(gateway.name, gateway);
  return { map, sandbox, accepted: OFFER_ORDER.filter((name) => map.has(name)) };
}

/** The gateways of the environment: built once per process and shared by the order routes and the site config. */
export function gatewaysFromEnv(env: Env, appSecret: string, now: () => Date): PaymentGateways {
  return buildGateways(env, appSecret, now, realGateways(env, now));
}
