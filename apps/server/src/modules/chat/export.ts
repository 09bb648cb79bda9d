import type { Locale } from '@xueba/contract';
import type { ConversationRow, MessageRow } from './chat.repository.js';

const LABELS: Record<Locale, { question: string; answer: string; sources: string; exported: string; stopped: string; failed: string }> = {
  zh: { question: '问', answer: '答', sources: '来源', exported: '导出于', stopped: '（已停止）', failed: '（生成失败）' },
  en: { question: 'Question', answer: 'Answer', sources: 'Sources', exported: 'Exported', stopped: '(stopped)', failed: '(failed)' },
  ja: { question: '質問', answer: '回答', sources: '出典', exported: 'エクスポート日時', stopped: '（停止）', failed: '（生成失敗）' },
  ko: { question: '질문', answer: '답변', sources: '출처', exported: '내보낸 시각', stopped: '(중지됨)', failed: '(생성 실패)' },
};

/** A conversation as Markdown: headed turns in order, each answer with its model and cited sources. */
export function exportMarkdown(conversation: ConversationRow, messages: MessageRow[], locale: Locale, now: Date) {
  const l = LABELS[locale];
  const lines = [`# ${conversation.title}`, '', `_${l.exported} ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC_`, ''];
  for (const m of messages) {
    if (m.role === 'user') {
      lines.push(`## ${l.question}`, '', m.content, '');
      continue;
    }
    const note = m.status === 'stopped' ? ` ${l.stopped}` : m.status === 'failed' ? ` ${l.failed}` : '';
    lines.push(`### ${l.answer}${m.model ? ` · ${m.model}` : ''}${note}`, '', m.content, '');
    const sources = m.sources ?? [];
    if (sources.length > 0) {
      lines.push(`**${l.sources}**`, '', ...sources.map((s) => `${s.n}. ${s.url ? `[${s.title}](${s.url})` : s.title}${s.page ? ` (p. ${s.page})` : ''}`), '');
    }
    lines.push('---', '');
  }
  const safe = conversation.title.replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim().slice(0, 60) || 'conversation';
  return { title: conversation.title, filename: `${safe}.md`, markdown: lines.join('\n') };
}
