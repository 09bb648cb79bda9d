import type { Locale, PaperWriteLanguage } from '@xueba/contract';
import type { ChatTurn } from '../../providers/ai/chat-model.js';
import { SEED_TEMPLATES } from '../templates/templates.seed.js';
import { renderPrompt } from '../templates/templates.service.js';
import type { FlatSection } from './outline.js';
import type { SourceSnapshot } from './paper-write.tables.js';

/** What the model is told of each bibliography item: enough to cite it for what it says. */
const ABSTRACT_IN_PROMPT = 900;
/** The text of neighbouring sections given as context (so a section does not repeat the one before). */
const CONTEXT_CHARS = 1500;

const KIND_NAMES = {
  article: { zh: '期刊论文', en: 'journal article' },
  thesis_chapter: { zh: '学位论文章节', en: 'thesis chapter' },
  review: { zh: '文献综述', en: 'literature review' },
  report: { zh: '研究报告', en: 'research report' },
} as const;

export interface ProjectBrief {
  title: string;
  topic: string;
  discipline: string;
  kind: keyof typeof KIND_NAMES;
  language: PaperWriteLanguage;
  target_length: number;
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

/** The bibliography as the model reads it: `[n] Authors (year). Title. Venue. Abstract: …`. */
export function numberedBibliography(items: SourceSnapshot[]): string {
  return items
    .map((s, i) => {
      const authors = s.authors.slice(0, 4).join(', ') + (s.authors.length > 4 ? ' et al.' : '');
      const head = `[${i + 1}] ${authors ? `${authors} ` : ''}(${s.year ?? 'n.d.'}). ${s.title}.${s.venue ? ` ${s.venue}.` : ''}`;
      return s.abstract ? `${head}\n    Abstract: ${clip(s.abstract, ABSTRACT_IN_PROMPT)}` : head;
    })
    .join('\n');
}

function projectLines(p: ProjectBrief): string {
  const kind = KIND_NAMES[p.kind][p.language];
  return p.language === 'zh'
    ? `论文题目：${p.title}\n研究主题：${p.topic}\n${p.discipline ? `学科：${p.discipline}\n` : ''}类型：${kind}\n目标篇幅：约${p.target_length}字`
    : `Title: ${p.title}\nTopic: ${p.topic}\n${p.discipline ? `Discipline: ${p.discipline}\n` : ''}Kind: ${kind}\nTarget length: about ${p.target_length} words`;
}

export function outlinePrompt(p: ProjectBrief, bibliography: SourceSnapshot[]): ChatTurn[] {
  const system =
    p.language === 'zh'
      ? '你是一位经验丰富的学术写作导师。请为下面的论文写一份大纲：只输出 Markdown，用 "## " 表示一级章节、"### " 表示二级章节，每个章节下用一行 "要点：" 说明该节要写什么。不要写正文，不要编号，不要加其他说明。'
      : 'You are an experienced academic writing supervisor. Write an outline for the paper below: output Markdown only, "## " for top-level sections and "### " for subsections, and under each section one line "Brief: " saying what it should cover. No prose, no numbering, no other commentary.';
  const sources = bibliography.length > 0 ? `\n\n${p.language === 'zh' ? '参考文献' : 'Bibliography'}:\n${numberedBibliography(bibliography)}` : '';
  return [
    { role: 'system', content: system },
    { role: 'user', content: `${projectLines(p)}${sources}` },
  ];
}

/**
 * One section. The rule the citation check enforces afterwards is stated
 * first: cite only `[n]` of the numbered list, never invent a source. The
 * words this section should have are its share of the target.
 */
export function draftPrompt(p: ProjectBrief, bibliography: SourceSnapshot[], section: FlatSection, words: number, around: { before: string; after: string }, instruction: string | undefined): ChatTurn[] {
  const zh = p.language === 'zh';
  const system = zh
    ? `你是一位严谨的学术作者，用中文撰写论文的一节。规则：\n1. 只能引用下面编号列表中的文献，用方括号数字标注，如 [1] 或 [2, 3]；不得编造文献，不得引用列表之外的编号（列表共 ${bibliography.length} 篇）。\n2. 只写本节正文（Markdown 段落），不要重复本节标题，不要写参考文献列表。\n3. 论述要准确，观点须有所引文献的支持。`
    : `You are a careful academic author writing one section of a paper in English. Rules:\n1. Cite only the numbered bibliography below, as bracketed numbers such as [1] or [2, 3]; never invent a source and never use a number outside the list (it has ${bibliography.length} items).\n2. Write only the section's body (Markdown paragraphs): do not repeat its heading and do not add a reference list.\n3. Be accurate; support claims with the cited works.`;
  const heading = [...section.path, section.heading].join(' > ');
  const lines = [
    projectLines(p),
    '',
    `${zh ? '参考文献' : 'Bibliography'}:`,
    numberedBibliography(bibliography),
    '',
    `${zh ? '本节' : 'Section'}: ${section.number} ${heading}`,
    section.brief ? `${zh ? '要点' : 'Brief'}: ${section.brief}` : '',
    `${zh ? '篇幅：约' : 'Length: about '}${words}${zh ? '字' : ' words'}`,
    around.before ? `\n${zh ? '上一节结尾' : 'End of the previous section'}:\n${clip(around.before.slice(-CONTEXT_CHARS), CONTEXT_CHARS)}` : '',
    instruction ? `\n${zh ? '额外要求' : 'Also'}: ${instruction}` : '',
  ].filter((l) => l !== '');
  return [
    { role: 'system', content: system },
    { role: 'user', content: lines.join('\n') },
  ];
}

/**
 * Polishing uses the writing templates' English polish prompt (its answer
 * is the revised text and a table of changes, `| Original | Revised | Reason |`),
 * with the field filled in and the citations held fixed.
 */
export function polishPrompt(p: ProjectBrief, text: string, locale: Locale): ChatTurn[] {
  const template = SEED_TEMPLATES.find((t) => t.key === 'polish_en')!;
  const keep =
    p.language === 'zh'
      ? '\n\nThe text is Chinese: write the revised text in Chinese. Keep every citation such as [1] or [2, 3] exactly where it belongs; do not add new citations.'
      : '\n\nKeep every citation such as [1] or [2, 3] exactly where it belongs; do not add new citations.';
  return [{ role: 'user', content: renderPrompt(template.prompt, { field: p.discipline || p.topic, text }, locale) + keep }];
}

/** The polish answer split into the revised text and its change table. */
export function parsePolish(answer: string): { revised: string; changes: { original: string; revised: string; reason: string }[] } {
  const lines = answer.split(/\r?\n/);
  const tableStart = lines.findIndex((l) => /^\s*\|.*\|\s*$/.test(l));
  const changesHeading = lines.findIndex((l) => /^\s*(?:\d+\.\s*)?(?:\*\*)?\s*(?:changes|修改|修改说明|改动)\b/i.test(l) || /^\s*(?:\d+\.\s*)?\*\*(?:Changes|修改)/i.test(l));
  const end = [changesHeading, tableStart].filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? lines.length;
  const revised = lines
    .slice(0, end)
    .join('\n')
    .replace(/^\s*(?:\d+\.\s*)?(?:\*\*)?\s*(?:revised text|修改后的文本|润色后)\s*(?:\*\*)?\s*[:：]?\s*(?:\*\*)?\s*/i, '')
    .trim();
  const changes: { original: string; revised: string; reason: string }[] = [];
  if (tableStart >= 0) {
    for (const line of lines.slice(tableStart)) {
      if (!/^\s*\|/.test(line)) {
        if (changes.length > 0) break;
        continue;
      }
      const cells = line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
      if (cells.length < 3 || cells.every((c) => /^:?-{2,}:?$/.test(c)) || /^(?:original|原文)$/i.test(cells[0]!)) continue;
      changes.push({ original: cells[0]!, revised: cells[1]!, reason: cells.slice(2).join(' | ') });
    }
  }
  return { revised, changes };
}
