import { z } from 'zod';
import { mindmapConfigSchema } from './mindmap-config.js';
import { endpoint } from './endpoint.js';
import { safeString, terminalSchema } from './common.js';
import { payGatewaySchema } from './commerce.js';

export const POLICY_TYPES = ['service', 'privacy', 'pay', 'distribution'] as const;
export const policyTypeSchema = z.enum(POLICY_TYPES);
export type PolicyType = z.infer<typeof policyTypeSchema>;

const linkSchema = z.object({ name: safeString(), link: safeString() });
export const problemExampleSchema = z.object({ title: safeString(), content: safeString() });

/** `GET /pc/config`: every section of spec §3, assembled from admin-editable settings. */
export const pcConfigSchema = z.object({
  website: z.object({
    name: safeString(),
    logo: safeString(),
    favicon: safeString(),
    description: safeString(),
    keywords: safeString(),
    icp: safeString(),
  }),
  login: z.object({
    /** Which sign-in methods are enabled. Third-party ones appear only when configured. */
    email_password: z.boolean(),
    email_code: z.boolean(),
    mobile_password: z.boolean(),
    mobile_code: z.boolean(),
    register_email: z.boolean(),
    register_mobile: z.boolean(),
    google: z.boolean(),
    wechat: z.boolean(),
    /** The user must tick the service and privacy agreements before signing in. */
    agreement: z.boolean(),
  }),
  bulletin_config: z.object({ is_open: z.boolean(), title: safeString(), content: safeString() }),
  card_code: z.object({ is_open: z.boolean(), buy_link: safeString() }),
  copyright: z.array(linkSchema),
  qrcode: z.object({ is_open: z.boolean(), official_account: safeString(), customer_service: safeString() }),
  tabbar: z.array(z.object({ name: safeString(), path: safeString(), icon: safeString() })),
  admin_url: safeString(),
  member_package_status: z.boolean(),
  recharge_package_status: z.boolean(),
  /** The layout `/openvip` shows (admin setting): plan cards or the comparison table. */
  openvip_layout: z.enum(['cards', 'table']),
  /**
   * The payment gateways the server accepts orders for, in the order the checkout
   * offers them (the first is the default). Empty: no online payment; redeem codes still work.
   */
  pay_gateways: z.array(payGatewaySchema),
  draw: z.object({ is_open: z.boolean() }),
  foreign_url: safeString(),
  is_fc: z.boolean(),
  google_callback: safeString(),
  chat: z.object({
    chat_limit: z.number().int(),
    draw_limit: z.number().int(),
    qrcode_limit: z.number().int(),
    /** The admin's limit on one question, in characters (AI settings); the server enforces it too. */
    max_question_chars: z.number().int(),
  }),
  pc_page: z.object({ problem_examples: z.array(problemExampleSchema), intro: safeString() }),
  draw_square_config: z.object({ is_open: z.boolean() }),
  mindmap_config: mindmapConfigSchema,
  voice: z.object({ voice_broadcast: z.object({ is_open: z.boolean() }) }),
  domain: safeString(),
  /** Embedded-app context flag (spec §3). */
  inDingTalk: z.boolean(),
  server: z.object({ version: safeString(), name: safeString() }),
});
export type PcConfig = z.infer<typeof pcConfigSchema>;

export const siteEndpoints = {
  visit: endpoint({
    method: 'POST',
    path: '/index/visit',
    auth: 'optional',
    summary: 'Record one visit at startup',
    tags: ['index'],
    body: z.object({ terminal: terminalSchema.or(z.coerce.number().int().min(0).max(20)) }),
    response: z.null(),
    idempotent: true,
  }),
  config: endpoint({
    method: 'GET',
    path: '/pc/config',
    // Optional: an admin may be offered the sandbox gateway beside a real one (pay_gateways).
    auth: 'optional',
    summary: 'Application configuration (spec §3)',
    tags: ['index'],
    response: pcConfigSchema,
  }),
  policy: endpoint({
    method: 'GET',
    path: '/index/policy',
    auth: 'none',
    summary: 'A policy text in the request locale (rich text HTML)',
    tags: ['index'],
    query: z.object({ type: policyTypeSchema }),
    response: z.object({ type: policyTypeSchema, title: safeString(), content: safeString(), updated_at: safeString().nullable() }),
  }),
};
