import type { UiMessage } from '../hooks/use-chat-session';

/** A visitor's conversation (not stored on the server) as Markdown, in the same shape as the server's export. */
export function conversationMarkdown(title: string, messages: UiMessage[], t: (key: string) => string): string {
  const parts = [`# ${title}`];
  for (const m of messages) {
    if (m.role === 'user') parts.push(`## ${t('chat.export_question')}\n\n${m.content}`);
    else {
      parts.push(`## ${t('chat.export_answer')}\n\n${m.content}`);
      if (m.sources.length) parts.push(m.sources.map((s) => `${s.n}. ${s.title}${s.url ? ` <${s.url}>` : ''}`).join('\n'));
    }
  }
  return `${parts.join('\n\n')}\n`;
}
