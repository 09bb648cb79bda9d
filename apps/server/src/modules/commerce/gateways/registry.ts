import type { Env } from '../../../config/env.js';
import type { PayGateway, PaymentGateway } from './gateway.js';
import { SandboxGateway } from './sandbox.js';

/**
 * The gateways this process can use: the sandbox unless switched off (off by
 * default in production: it pays without money), and each real provider only
 * when all of its credentials are configured.
 */
export function buildGateways(env: Env, appSecret: string, now: () => Date, extra: PaymentGateway[] = []): { map: Map<PayGateway, PaymentGateway>; sandbox: SandboxGateway | null } {
  const map = new Map<PayGateway, PaymentGateway>();
  const sandboxOn = env.PAY_SANDBOX === 'on' || (env.PAY_SANDBOX === undefined && env.NODE_ENV !== 'production');
  const sandbox = sandboxOn ? new SandboxGateway(appSecret, env.API_PREFIX === '/' ? '' : env.API_PREFIX, now) : null;
  if (sandbox) map.set('sandbox', sandbox);
  for (const gateway of extra) map.set(gateway.name, gateway);
  return { map, sandbox };
}
