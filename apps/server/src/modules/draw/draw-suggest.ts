import type { DRAW_SUGGEST_MODES, Locale } from '@xueba/contract';
import type { Logger } from '../../platform/logger.js';
import { AppError } from '../../platform/errors.js';
import { collectText } from '../../platform/stream/model-call.js';
import type { ChatTurn } from '../../providers/ai/chat-model.js';
import type { Services } from '../../services.js';
import type { DrawSettingsStore } from './draw-settings.js';

export type SuggestMode = (typeof DRAW_SUGGEST_MODES)[number];

const SUGGEST_TIMEOUT_MS = 30_000;
const MAX_KEYWORDS = 12;

const INSTRUCTIONS: Record<SuggestMode, string> = {
  keywords:
    'You help people write prompts for image generation models. Given a picture description (any language) and optional style keywords, reply with 6 to 12 short English keywords or phrases that would improve the picture, one per line, no numbering, no explanation.',
  translate:
    'Translate the picture description into a concise English prompt for an image generation model (Stable Diffusion works best with English). Keep every detail; reply with the prompt only.',
  expand:
    'Rewrite the picture description as a richer English prompt for an image generation model: subject, setting, lighting, composition, style. At most 120 words; reply with the prompt only.',
};

/**
 * Keyword suggestion and "other prompt": the chat model (the site's default)
 * suggests keywords, translates the prompt to English or expands it. Without
 * a model (the offline channel) the style's admin-edited keyword list is the
 * suggestion and the prompt goes as written, and the answer says so.
 */
export class DrawSuggest {
  constructor(
    private readonly deps: Pick<Services, 'models'>,
    private readonly drawSettings: DrawSettingsStore,
    private readonly log: Logger,
  ) {}

  async suggest(input: { prompt: string; style?: string; mode: SuggestMode }, locale: Locale): Promise<{ keywords: string[]; prompt: string; offline: boolean }> {
    const settings = await this.drawSettings.get();
    const style = settings.styles.find((s) => s.key === input.style);
    const listed = style?.keywords ?? [];
    const model = await this.deps.models.resolve(undefined, locale);
    if (!model.client || (input.mode !== 'keywords' && !input.prompt)) return { keywords: listed, prompt: input.prompt, offline: !model.client };
    const messages: ChatTurn[] = [
      { role: 'system', content: INSTRUCTIONS[input.mode] },
      { role: 'user', content: style ? `${input.prompt}\n\nStyle keywords: ${listed.join(', ')}` : input.prompt || '(no description yet)' },
    ];
    let text: string;
    try {
      text = (await collectText({ client: model.client, model: model.upstreamModel, messages, maxTokens: 300, temperature: 0.3 }, AbortSignal.timeout(SUGGEST_TIMEOUT_MS), this.log)).trim();
    } catch (error) {
      this.log.warn({ err: error }, 'drawing suggestion failed');
      throw new AppError('draw_suggest_failed', 502);
    }
    if (input.mode === 'keywords') {
      const suggested = text
        .split(/[\n,]+/)
        .map((k) => k.replace(/^[\s\-*•\d.)]+/, '').trim())
        .filter((k) => k.length > 0 && k.length <= 100);
      return { keywords: [...new Set([...suggested, ...listed])].slice(0, MAX_KEYWORDS + listed.length), prompt: input.prompt, offline: false };
    }
    if (!text) throw new AppError('draw_suggest_failed', 502);
    return { keywords: listed, prompt: text.slice(0, 2000), offline: false };
  }
}
