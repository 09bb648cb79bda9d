import type { Locale } from '@xueba/contract';
import { isLocale } from '@xueba/contract';

/**
 * The mail a visitor gets when customer service answered while they were
 * away (signed-in users hear through the notice centre instead). Plain text:
 * the reply itself is quoted as typed, never as HTML.
 */
const TEXTS: Record<Locale, { subject: string; body: string }> = {
  zh: { subject: '{site} 客服回复了您', body: '客服回复了您的咨询：\n\n{reply}\n\n回到 {site}，打开右下角的“联系客服”继续对话。' },
  en: { subject: '{site} customer service replied', body: 'Customer service replied to you:\n\n{reply}\n\nCome back to {site} and open "Contact us" in the corner to continue.' },
  ja: { subject: '{site} サポートから返信がありました', body: 'カスタマーサポートから返信がありました：\n\n{reply}\n\n{site} に戻り、右下の「お問い合わせ」から会話を続けてください。' },
  ko: { subject: '{site} 고객센터가 답변했습니다', body: '고객센터가 답변했습니다:\n\n{reply}\n\n{site}로 돌아와 오른쪽 아래의 "고객센터"를 열어 대화를 이어 가세요.' },
};

export function supportReplyMail(locale: string, site: string, reply: string): { subject: string; text: string } {
  const t = TEXTS[isLocale(locale) ? locale : 'zh'];
  const fill = (template: string) => template.replace(/\{(site|reply)\}/g, (_whole, name: string) => (name === 'site' ? site : reply));
  return { subject: fill(t.subject), text: fill(t.body) };
}
