import type { z } from 'zod';
import type { AdminDrawChannel, DrawFamily, DrawSettings, drawChannelSaveSchema } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { channelKeyOf, type DrawChannel, type DrawChannels } from './draw-channels.js';
import type { DrawOutcome } from './draw-outcome.js';
import type { DrawSettingsStore } from './draw-settings.js';
import { DrawRepository } from './draw.repository.js';

export type DrawChannelSave = z.output<typeof drawChannelSaveSchema>;
const TEST_TIMEOUT_MS = 15_000;

function present(channel: DrawChannel): AdminDrawChannel {
  return {
    id: channel.id,
    source: channel.source,
    family: channel.family,
    name: channel.name,
    base_url: channel.baseUrl,
    has_key: channel.apiKey !== null,
    has_secret: channel.secret !== null,
    enabled: channel.enabled,
    concurrency: channel.concurrency,
    timeout_seconds: channel.timeoutSeconds,
    offers: channel.offers,
    last_error: channel.lastError,
  };
}

/**
 * Admin → Drawing: channels (stored ones edited, env ones only switched),
 * their test, and the drawing settings. Switching a channel off or deleting
 * it fails its queued and running jobs with draw_fail_channel_disabled, each
 * refunded once (a running one notices and aborts its provider call).
 */
export class DrawAdminService {
  private readonly repo = new DrawRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly channels: DrawChannels,
    private readonly drawSettings: DrawSettingsStore,
    private readonly outcome: DrawOutcome,
  ) {}

  async list(): Promise<{ channels: AdminDrawChannel[]; settings: DrawSettings }> {
    const [channels, settings] = await Promise.all([this.channels.list(), this.drawSettings.get()]);
    return { channels: channels.map(present), settings };
  }

  private async find(key: string): Promise<DrawChannel> {
    const channel = await this.channels.byKey(key);
    if (!channel) throw notFound('draw_channel_not_found');
    return channel;
  }

  private keyOf(input: { id?: number; env_family?: DrawFamily }): string {
    if (input.id !== undefined) return channelKeyOf('db', input.id);
    if (input.env_family) return channelKeyOf('env', input.env_family);
    throw badRequest('validation_failed', { field: 'id' });
  }

  async save(input: DrawChannelSave): Promise<AdminDrawChannel> {
    const now = this.ctx.now();
    // Absent or null keeps the stored value; '' clears it.
    const sealed = (value: string | null | undefined) => (value === undefined || value === null ? undefined : value === '' ? null : this.ctx.secrets.seal(value));
    const apiKey = sealed(input.api_key);
    const secret = input.family === 'yj' ? sealed(input.secret) : null;
    const values = {
      family: input.family,
      name: input.name,
      base_url: input.base_url.replace(/\/+$/, ''),
      enabled: input.enabled,
      concurrency: input.concurrency,
      timeout_seconds: input.timeout_seconds,
      offers: JSON.stringify(input.offers),
      updated_at: now,
      ...(apiKey !== undefined ? { api_key_sealed: apiKey } : {}),
      ...(secret !== undefined ? { secret_sealed: secret } : {}),
    };
    const row = input.id ? await this.repo.updateChannel(this.ctx.db, input.id, values) : await this.repo.insertChannel(this.ctx.db, { ...values, created_at: now });
    if (!row) throw notFound('draw_channel_not_found');
    await this.channels.changed();
    if (!row.enabled) await this.failOpenJobs(channelKeyOf('db', row.id));
    return present(await this.find(channelKeyOf('db', row.id)));
  }

  async delete(id: number): Promise<void> {
    if (await this.repo.deleteChannel(this.ctx.db, id)) await this.channels.changed();
    await this.failOpenJobs(channelKeyOf('db', id));
  }

  async toggle(input: { id?: number; env_family?: DrawFamily; enabled: boolean }): Promise<AdminDrawChannel> {
    const key = this.keyOf(input);
    const channel = await this.find(key);
    if (channel.source === 'env') await this.channels.setEnvEnabled(channel.family, input.enabled);
    else {
      await this.repo.updateChannel(this.ctx.db, channel.id!, { enabled: input.enabled, updated_at: this.ctx.now() });
      await this.channels.changed();
    }
    if (!input.enabled) await this.failOpenJobs(key);
    return present(await this.find(key));
  }

  /** Reaches the channel (its model list) and records what went wrong, if anything. */
  async test(input: { id?: number; env_family?: DrawFamily }): Promise<{ ok: boolean; models: string[]; error: string | null }> {
    const channel = await this.find(this.keyOf(input));
    let answer: { ok: boolean; models: string[]; error: string | null };
    try {
      const catalogue = await this.channels.provider(channel).catalogue(AbortSignal.timeout(TEST_TIMEOUT_MS));
      answer = { ok: true, models: catalogue.models, error: null };
    } catch (error) {
      answer = { ok: false, models: [], error: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
    }
    if (channel.id !== null) {
      await this.repo.setChannelError(this.ctx.db, channel.id, answer.error);
      await this.channels.changed();
    }
    return answer;
  }

  saveSettings(input: DrawSettings): Promise<DrawSettings> {
    return this.drawSettings.save(input);
  }

  private async failOpenJobs(channelKey: string): Promise<void> {
    for (const id of await this.repo.openOfChannel(this.ctx.db, channelKey)) {
      await this.outcome.end(id, 'failed', 'draw_fail_channel_disabled');
    }
  }
}
