import type { UserRole } from '@xueba/contract';
import type { Env } from '../../../config/env.js';
import type { PayGateway, PaymentGateway } from './gateway.js';
import { realGateways } from './real.js';
import { SandboxGateway } from './sandbox.js';
import { apiPrefixPath } from '../../../platform/http/origin.js';

/** Who is asking: the sandbox's availability depends on it beside a real provider. */
export type PayerRole = UserRole | null;

/**
 * The gateways this process can use. The sandbox exists only when
 * `PAY_SANDBOX=1`; it pays without money, so beside a real provider it serves
 * nobody unless the admin setting `pay_sandbox_admins` lets admin accounts
 * try purchases with it (decision 0016).
 */
export class PaymentGateways {
  /** The real providers configured, in the order the checkout offers them. */
  readonly real: PayGateway[];

  constructor(
    readonly map: Map<PayGateway, PaymentGateway>,
    readonly sandbox: SandboxGateway | null,
  ) {
    this.real = (['wechat', 'alipay'] as const).filter((name) => map.has(name));
  }

  /** Whether the sandbox takes orders (and their notifications) of an account with this role. */
  sandboxServes(role: PayerRole, sandboxForAdmins: boolean): boolean {
    if (!this.sandbox) return false;
    return this.real.length === 0 || (sandboxForAdmins && role === 'admin');
  }

  /** The gateways offered to this viewer and accepted for their orders: real providers first (`/pc/config`). */
  offeredTo(role: PayerRole, sandboxForAdmins: boolean): PayGateway[] {
    return this.sandboxServes(role, sandboxForAdmins) ? [...this.real, 'sandbox'] : [...this.real];
  }
}

export function buildGateways(env: Env, appSecret: string, now: () => Date, extra: PaymentGateway[] = []): PaymentGateways {
  const map = new Map<PayGateway, PaymentGateway>();
  const sandbox = env.PAY_SANDBOX ? new SandboxGateway(appSecret, apiPrefixPath(env), now) : null;
  if (sandbox) map.set('sandbox', sandbox);
  for (const gateway of extra) map.set(gateway.name, gateway);
  return new PaymentGateways(map, sandbox);
}

/** The gateways of the environment: built once per process and shared by the order routes and the site config. */
export function gatewaysFromEnv(env: Env, appSecret: string, now: () => Date): PaymentGateways {
  return buildGateways(env, appSecret, now, realGateways(env, now));
}
