import { api } from '@/lib/api';
import { request } from '@/lib/request';

/** The caller shows the outcome itself (the server's message for unknown, used, expired or disabled codes). */
export const redeemCode = (code: string) => request(api.redeemUse, { code }, { silent: true });
