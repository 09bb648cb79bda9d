import { webviewSettingsSchema, webviewUrl, type WebviewSettings } from '@xueba/contract';
import type { InvalidationBus } from '../../platform/cache/bus.js';
import { badRequest } from '../../platform/errors.js';
import type { SettingsService } from '../settings/settings.service.js';

const WEBVIEW_SETTINGS_KEY = 'webview';

/**
 * The embedded views' allow-list (docs/decisions/0037-notices-and-webviews.md):
 * hosts an administrator lets `/webview` and `/webview2` frame. Held in memory
 * too, because the CSP `frame-src` of every response is built from it; every
 * process reloads it when any process saves it.
 */
export class WebviewService {
  private hosts: string[] = [];

  constructor(private readonly settings: Pick<SettingsService, 'getRaw' | 'setRaw'>) {}

  async load(): Promise<WebviewSettings> {
    const parsed = webviewSettingsSchema.safeParse((await this.settings.getRaw(WEBVIEW_SETTINGS_KEY)) ?? { hosts: [] });
    this.hosts = parsed.success ? parsed.data.hosts : [];
    return { hosts: [...this.hosts] };
  }

  follow(bus: Pick<InvalidationBus, 'subscribe'>): void {
    bus.subscribe((topic, id) => {
      if (topic === 'settings' && (id === WEBVIEW_SETTINGS_KEY || id === '*')) void this.load().catch(() => undefined);
    });
  }

  async save(value: WebviewSettings): Promise<void> {
    await this.settings.setRaw(WEBVIEW_SETTINGS_KEY, { hosts: [...new Set(value.hosts)] });
    await this.load();
  }

  /** The URL to frame, or the refusal of spec §8 (a host off the list, a lookalike, anything but https). */
  async check(raw: string): Promise<{ url: string }> {
    const { hosts } = await this.load();
    const url = webviewUrl(raw, hosts);
    if (!url) throw badRequest('webview_refused');
    return { url };
  }

  /** Sources for the CSP `frame-src`: exactly the listed hosts over https, so a frame redirected off the list is blocked by the browser. */
  frameSources(): string[] {
    return this.hosts.map((host) => `https://${host}`);
  }
}
