import type { AiSettings, Locale, PcConfig, PolicyType, SiteSettings } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import type { Services } from '../../services.js';
import { hmac } from '../../platform/crypto.js';
import { SerializedEnvelope } from '../../platform/http/route.js';
import { withinRateLimit } from '../../platform/rate-limit.js';
import { siteRepository } from './site.repository.js';
import type { PayerRole } from '../commerce/gateways/registry.js';

/** Visits logged per client IP and hour; a reload-happy user stays far below, a script does not fill the table. */
export const VISITS_PER_IP_PER_HOUR = 30;

/** Relative image paths get the configured domain; absolute ones stay unchanged (spec §3). */
export function withDomain(domain: string, value: string): string {
  if (!value || /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(value)) return value;
  if (!domain) return value;
  return `${domain.replace(/\/+$/, '')}/${value.replace(/^\/+/, '')}`;
}

/** The settings a config was built from; both objects are replaced on every change, so identity tells whether a copy is current. */
interface ConfigSources {
  site: SiteSettings;
  ai: AiSettings;
  /** The drawing channels as their cache holds them (replaced on every change), or null without drawing. */
  draw: readonly { enabled: boolean }[] | null;
}

function current(cached: ConfigSources, latest: ConfigSources): boolean {
  return cached.site === latest.site && cached.ai === latest.ai && cached.draw === latest.draw;
}

/** Drawing's channel list, so `/pc/config` says drawing is open only when some channel is on. */
export type DrawChannelList = () => Promise<readonly { enabled: boolean }[]>;

export class SiteService {
  private readonly configs = new Map<Locale, { value: PcConfig; envelope: SerializedEnvelope; sources: ConfigSources }>();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'payments' | 'models' | 'settings' | 'oauthStatus'>,
    private readonly drawChannels: DrawChannelList | null = null,
  ) {}

  /**
   * The config envelope, serialised once per locale and settings version (it is read on every page load).
   * An admin may be offered the sandbox beside a real provider (decision 0016): their copy is built apart.
   */
  async configEnvelope(locale: Locale, role: PayerRole = null): Promise<SerializedEnvelope> {
    const sources = await this.sources();
    const cached = this.configs.get(locale);
    const shared = cached && current(cached.sources, sources) ? cached : (await this.config(locale), this.configs.get(locale)!);
    if (role !== 'admin') return shared.envelope;
    const gateways = this.deps.payments.offeredTo(role, sources.site.pay_sandbox_admins);
    if (gateways.length === shared.value.pay_gateways.length) return shared.envelope;
    return SerializedEnvelope.of({ ...shared.value, pay_gateways: gateways });
  }

  /**
   * Site settings and AI settings, each cached by its service and dropped
   * through the bus on an admin's change (in every process), so a change of
   * either rebuilds the config.
   */
  private async sources(): Promise<ConfigSources> {
    const [site, ai, draw] = await Promise.all([this.deps.settings.site(), this.deps.models.aiSettings(), this.drawChannels?.() ?? null]);
    return { site, ai, draw };
  }

  async config(locale: Locale): Promise<PcConfig> {
    const sources = await this.sources();
    const cached = this.configs.get(locale);
    if (cached && current(cached.sources, sources)) return cached.value;
    const { site, ai, draw } = sources;
    const domain = site.domain || this.ctx.env.PUBLIC_URL || '';
    const oauth = await this.deps.oauthStatus();
    const value: PcConfig = {
      website: { ...site.website, logo: withDomain(domain, site.website.logo), favicon: withDomain(domain, site.website.favicon) },
      login: { ...site.login, google: oauth.google, wechat: oauth.wechat },
      bulletin_config: { is_open: site.bulletin.is_open, title: site.bulletin.title[locale], content: site.bulletin.content[locale] },
      card_code: site.card_code,
      copyright: site.copyright,
      qrcode: {
        ...site.qrcode,
        official_account: withDomain(domain, site.qrcode.official_account),
        customer_service: withDomain(domain, site.qrcode.customer_service),
      },
      // The phone tab bar of an embedded app (DingTalk, WeChat): names the web app translates.
      tabbar: [
        { name: 'home', path: '/', icon: 'home' },
        { name: 'chat', path: '/chat', icon: 'chat' },
        { name: 'notice', path: '/user/notice', icon: 'notice' },
        { name: 'user', path: '/user/info', icon: 'user' },
      ],
      admin_url: '/admin',
      member_package_status: site.member_package_status,
      openvip_layout: site.openvip_layout,
      recharge_package_status: site.recharge_package_status,
      // From the environment and the site settings, so the per-locale cache follows the settings' version.
      pay_gateways: this.deps.payments.offeredTo(null, site.pay_sandbox_admins),
      // Open as the admin set it, and only while a drawing channel is on: nothing pretends to draw.
      draw: { ...site.draw, is_open: site.draw.is_open && (draw === null || draw.some((c) => c.enabled)) },
      foreign_url: site.foreign_url,
      is_fc: site.is_fc,
      google_callback: `${this.ctx.env.API_PREFIX}/login/google/callback`,
      chat: { chat_limit: site.chat_limit, draw_limit: site.draw_limit, qrcode_limit: site.qrcode_limit, max_question_chars: ai.max_question_chars },
      pc_page: { problem_examples: site.problem_examples[locale], intro: site.intro[locale] },
      draw_square_config: site.draw_square_config,
      mindmap_config: site.mindmap_config,
      voice: { voice_broadcast: { is_open: site.voice_broadcast } },
      domain,
      inDingTalk: false,
      server: { version: this.ctx.version, name: site.website.name },
    };
    this.configs.set(locale, { value, envelope: SerializedEnvelope.of(value), sources });
    return value;
  }

  async policy(type: PolicyType, locale: Locale) {
    const site = await this.deps.settings.site();
    const policy = site.policies[type];
    return { type, title: policy.title[locale], content: policy.content[locale], updated_at: policy.updated_at ?? null };
  }

  /**
   * Logs a visit, at most VISITS_PER_IP_PER_HOUR per client IP: the web app
   * sends one per page load and ignores the answer, so calls over the limit
   * are answered as usual without a row (docs/product-choices.md, "Retention").
   */
  async visit(terminal: string, userId: number | null, ip: string): Promise<void> {
    const ipHash = hmac(this.ctx.appSecret, ip).slice(0, 32);
    const now = this.ctx.now();
    if (!(await withinRateLimit(this.ctx.db, now, `visit:${ipHash}`, VISITS_PER_IP_PER_HOUR, 3600))) return;
    await siteRepository.insertVisit(this.ctx.db, { terminal, userId, ipHash, at: now });
  }
}
