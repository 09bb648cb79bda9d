import { z } from 'zod';
import { safeString } from './common.js';
import type { MessageKey } from './messages.js';

/** Envelope codes of spec §3/§7: 1 success, 0 fail, -1 login failure, 2 open a new page. */
export const Code = { SUCCESS: 1, FAIL: 0, LOGIN_FAILURE: -1, OPEN_PAGE: 2 } as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

export interface Envelope<T> {
  code: CodeValue;
  data: T;
  /** 1 when the client should show `msg` as a toast. */
  show: 0 | 1;
  msg: string;
  /**
   * The message key behind `msg` on a refusal (e.g. `insufficient_conversation_balance`):
   * `msg` is translated, so clients branch on this stable key instead. Not one of
   * the spec's four fields; absent on success.
   */
  key?: MessageKey;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.union([z.literal(1), z.literal(0), z.literal(-1), z.literal(2)]),
    data,
    show: z.union([z.literal(0), z.literal(1)]),
    msg: safeString(),
    key: safeString().optional(),
  });
}

/** Header names the client sends (spec §7). The click-ID header name is not shown in the spec; we chose `x-click-id`. */
export const HEADERS = {
  version: 'version',
  orgCode: 'x-org-code',
  token: 'token',
  clickId: 'x-click-id',
} as const;

/**
 * Runtime configuration the server injects into index.html as a JSON data
 * block, `<script type="application/json" id="xueba-config">`, which the app
 * reads and the browser never runs (spec §7: base URL, prefix and version come
 * from runtime configuration, not from the build; decision 0019: no inline
 * script under the content security policy).
 */
export interface RuntimeConfig {
  /** Origin of the API, '' for same origin. */
  apiBase: string;
  /** Path prefix of every API call, `/api` by default. */
  apiPrefix: string;
  /** App version, sent as the `version` header. */
  version: string;
  /** Public URL of the site, used for share links. */
  publicUrl: string;
}
export const RUNTIME_CONFIG_PLACEHOLDER = '<!--xueba-runtime-config-->';
export const RUNTIME_CONFIG_ELEMENT_ID = 'xueba-config';
