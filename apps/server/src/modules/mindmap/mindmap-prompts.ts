import type { Locale, PaperDetail } from '@xueba/contract';
import type { ChatTurn } from '../../providers/ai/chat-model.js';

const LANGUAGE: Record<Locale, string> = { zh: 'Simplified Chinese', en: 'English', ja: 'Japanese', ko: 'Korean' };
/** What a document or paper contributes to a prompt, in characters. */
export const PROMPT_SOURCE_CHARS = 12_000;

/** The rules every outline prompt shares: the format the parser reads while the text streams. */
function outlineRules(locale: Locale, extra = ''): string {
  return [
    'You write mind maps as Markdown outlines for researchers and students.',
    'Answer with the outline only: no introduction, no closing remarks, no code fence.',
    'The first line is `# ` and the central topic. Below it, a nested `-` list, two spaces per level, at most four levels deep.',
    'Each item is a short phrase (at most 12 words), never a paragraph. Aim for 5 to 8 main branches and 30 to 80 items in all.',
    extra,
    `Write in ${LANGUAGE[locale]}.`,
  ]
    .filter(Boolean)
    .join('\n');
}

export function topicPrompt(topic: string, locale: Locale): ChatTurn[] {
  return [
    { role: 'system', content: outlineRules(locale, 'Cover the main aspects a researcher would expect: definitions, key ideas, methods, debates, applications and open questions, as fit the topic.') },
    { role: 'user', content: topic },
  ];
}

/** The document's structure and text, marked with its page numbers, for a summarised map whose branches point at their pages. */
export function documentPrompt(name: string, pages: { page: number; text: string }[], locale: Locale): ChatTurn[] {
  let budget = PROMPT_SOURCE_CHARS;
  const parts: string[] = [];
  for (const { page, text } of pages) {
    if (budget <= 0) break;
    const body = text.replace(/[ \t]+/g, ' ').trim().slice(0, budget);
    budget -= body.length;
    if (body) parts.push(`[p. ${page}]\n${body}`);
  }
  return [
    {
      role: 'system',
      content: outlineRules(locale, 'Summarise the document given by the user: its question, method, findings and conclusions, in its own structure. End each main branch with the page it comes from as `[p. N]`, using the page marks in the text. Use only what the document says.'),
    },
    { role: 'user', content: `Document: ${name}\n\n${parts.join('\n\n')}` },
  ];
}

export function paperPrompt(paper: PaperDetail, locale: Locale): ChatTurn[] {
  const lines = [
    `Title: ${paper.title}`,
    paper.authors.length ? `Authors: ${paper.authors.slice(0, 10).join(', ')}` : '',
    paper.venue || paper.year ? `Published: ${[paper.venue, paper.year].filter(Boolean).join(', ')}` : '',
    paper.keywords.length ? `Keywords: ${paper.keywords.join(', ')}` : '',
    `References: ${paper.reference_count}`,
    '',
    `Abstract: ${paper.abstract.slice(0, PROMPT_SOURCE_CHARS)}`,
  ];
  return [
    {
      role: 'system',
      content: outlineRules(locale, "Summarise the paper given by the user: its problem, approach, findings, contributions and limitations. Use only what the record says; where the abstract is silent, leave the branch out rather than guess."),
    },
    { role: 'user', content: lines.filter((l) => l !== '').join('\n') },
  ];
}
