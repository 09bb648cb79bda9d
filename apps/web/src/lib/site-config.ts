import { type PcConfig } from '@xueba/contract';
import { api } from '@/lib/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentLocale } from './i18n';
import { getRuntimeConfig } from './runtime-config';
import { request } from './request';

/** The language the cached config was answered in (its examples, bulletin and intro are per locale). */
let configLocale: string | null = null;

export const configQuery = queryOptions({
  queryKey: ['config'] as const,
  queryFn: async ({ signal }) => {
    const locale = currentLocale();
    const config = await request(api.config, undefined, { signal, silent: true, background: true });
    configLocale = locale;
    return config;
  },
  staleTime: 5 * 60_000,
});

/** True when the cached config is in another language than the interface now. */
export function configIsForOtherLocale(): boolean {
  return configLocale !== null && configLocale !== currentLocale();
}

/** What the app shows while the config is unavailable: every optional feature off, password sign-in on. */
export const DEFAULT_CONFIG: PcConfig = {
  website: { name: '', logo: '', favicon: '', description: '', keywords: '', icp: '' },
  login: {
    email_password: true,
    email_code: true,
    mobile_password: false,
    mobile_code: false,
    register_email: true,
    register_mobile: false,
    google: false,
    wechat: false,
    agreement: true,
  },
  bulletin_config: { is_open: false, title: '', content: '' },
  card_code: { is_open: false, buy_link: '' },
  copyright: [],
  qrcode: { is_open: false, official_account: '', customer_service: '' },
  tabbar: [],
  admin_url: '',
  member_package_status: false,
  recharge_package_status: false,
  openvip_layout: 'cards',
  pay_gateways: [],
  draw: { is_open: false },
  foreign_url: '',
  is_fc: false,
  google_callback: '',
  // The question limit's default in the AI settings; the server checks the real one.
  chat: { chat_limit: 0, draw_limit: 0, qrcode_limit: 0, max_question_chars: 8000 },
  pc_page: { problem_examples: [], intro: '' },
  draw_square_config: { is_open: false },
  mindmap_config: { is_open: false, free_per_day: 0, price: 0 },
  voice: { voice_broadcast: { is_open: false } },
  domain: '',
  inDingTalk: false,
  server: { version: getRuntimeConfig().version, name: '' },
};

/** The site config with defaults while loading or after a failure; `failed` lets the shell say so discreetly. */
export function useSiteConfig(): { config: PcConfig; loaded: boolean; failed: boolean; refetch: () => void } {
  const query = useQuery(configQuery);
  return {
    config: query.data ?? DEFAULT_CONFIG,
    loaded: query.isSuccess,
    failed: query.isError,
    refetch: () => void query.refetch(),
  };
}
