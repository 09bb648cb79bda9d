import { randomBytes } from 'node:crypto';
import {
  PAPER_WRITE_BRIEF_MAX,
  PAPER_WRITE_DEPTH_MAX,
  PAPER_WRITE_HEADING_MAX,
  PAPER_WRITE_SECTIONS_MAX,
  type PaperWriteKind,
  type PaperWriteLanguage,
  type PaperWriteOutlineNode,
  type PaperWriteOutlineSection,
} from '@xueba/contract';
import { badRequest } from '../../platform/errors.js';

/** A node of a default outline: heading and brief in both languages. */
type Default = { zh: string; en: string; zhBrief: string; enBrief: string; children?: Default[] };
const d = (zh: string, en: string, zhBrief: string, enBrief: string, children?: Default[]): Default => ({ zh, en, zhBrief, enBrief, children });

/**
 * The outline a project starts with, by kind: the sections a reader of that
 * kind expects (IMRaD for an article, the review's thematic body, a thesis
 * chapter's own introduction and summary, a report's findings and
 * recommendations).
 */
const DEFAULTS: Record<PaperWriteKind, Default[]> = {
  article: [
    d('引言', 'Introduction', '研究背景、问题与贡献', 'Background, the problem and the contributions'),
    d('相关工作', 'Related work', '已有研究及其不足', 'Prior work and its gaps'),
    d('方法', 'Method', '研究设计、数据与方法', 'Design, data and method'),
    d('结果', 'Results', '主要发现', 'Main findings'),
    d('讨论', 'Discussion', '结果的意义、局限', 'What the results mean; limitations'),
    d('结论', 'Conclusion', '总结与未来工作', 'Summary and future work'),
  ],
  thesis_chapter: [
    d('本章引言', 'Chapter introduction', '本章的目标与结构', 'Aims and structure of the chapter'),
    d('理论基础', 'Theoretical background', '本章依据的理论与概念', 'Theories and concepts the chapter builds on'),
    d('研究现状', 'State of research', '相关研究的梳理', 'A survey of the relevant research'),
    d('本章方法与分析', 'Method and analysis', '本章的研究方法与分析', "The chapter's method and analysis"),
    d('本章小结', 'Chapter summary', '本章结论及与下一章的衔接', 'Conclusions and the link to the next chapter'),
  ],
  review: [
    d('引言', 'Introduction', '综述的范围与意义', 'Scope and significance of the review'),
    d('文献检索与筛选', 'Literature search and selection', '检索来源、检索词与纳入标准', 'Sources, search terms and inclusion criteria'),
    d('研究主题综述', 'Thematic review', '按主题归纳已有研究', 'Prior work grouped by theme', [
      d('主要研究方向', 'Main lines of research', '各研究方向的代表性工作', 'Representative work of each line'),
      d('方法比较', 'Comparison of methods', '方法的异同与优劣', 'How the methods differ and compare'),
    ]),
    d('研究空白与未来方向', 'Gaps and future directions', '尚未解决的问题', 'Open problems'),
    d('结论', 'Conclusion', '综述的主要结论', 'Main conclusions of the review'),
  ],
  report: [
    d('摘要', 'Summary', '报告要点', 'Key points of the report'),
    d('背景', 'Background', '报告的缘由与范围', 'Why the report was written and its scope'),
    d('方法与资料', 'Methods and sources', '资料来源与分析方法', 'Sources and methods of analysis'),
    d('主要发现', 'Findings', '分析得到的发现', 'What the analysis found'),
    d('建议', 'Recommendations', '基于发现的建议', 'Recommendations from the findings'),
  ],
};

export function newKey(): string {
  return randomBytes(6).toString('base64url');
}

export function defaultOutline(kind: PaperWriteKind, language: PaperWriteLanguage): PaperWriteOutlineSection[] {
  const build = (nodes: Default[]): PaperWriteOutlineSection[] =>
    nodes.map((n) => ({ key: newKey(), heading: language === 'zh' ? n.zh : n.en, brief: language === 'zh' ? n.zhBrief : n.enBrief, children: build(n.children ?? []) }));
  return build(DEFAULTS[kind]);
}

/** The default outline without keys (what the editor loads before a save gives them). */
export function unkeyed(outline: PaperWriteOutlineSection[]): PaperWriteOutlineNode[] {
  return outline.map((n) => ({ heading: n.heading, brief: n.brief, children: unkeyed(n.children) }));
}

/** A section in outline order, with its level and printed number ("2.1"). */
export interface FlatSection {
  key: string;
  heading: string;
  brief: string;
  level: number;
  number: string;
  /** Headings of the sections above it, outermost first. */
  path: string[];
}

export function flatten(outline: PaperWriteOutlineSection[]): FlatSection[] {
  const out: FlatSection[] = [];
  const walk = (nodes: PaperWriteOutlineSection[], prefix: string, level: number, path: string[]) =>
    nodes.forEach((n, i) => {
      const number = prefix ? `${prefix}.${i + 1}` : String(i + 1);
      out.push({ key: n.key, heading: n.heading, brief: n.brief, level, number, path });
      walk(n.children, number, level + 1, [...path, n.heading]);
    });
  walk(outline, '', 1, []);
  return out;
}

/**
 * An outline the user sent, checked and keyed: limits named in the message,
 * each key one the stored outline has (a key is the server's, so a section's
 * text cannot be moved onto another project's key), none twice; new nodes
 * get a key.
 */
export function keyOutline(nodes: PaperWriteOutlineNode[], known: ReadonlySet<string>): PaperWriteOutlineSection[] {
  if (nodes.length === 0) throw badRequest('paper_write_outline_empty');
  const seen = new Set<string>();
  let count = 0;
  const walk = (list: PaperWriteOutlineNode[], depth: number): PaperWriteOutlineSection[] => {
    if (depth > PAPER_WRITE_DEPTH_MAX) throw badRequest('paper_write_outline_too_deep', { max: PAPER_WRITE_DEPTH_MAX });
    return list.map((n) => {
      count += 1;
      if (count > PAPER_WRITE_SECTIONS_MAX) throw badRequest('paper_write_outline_too_many', { max: PAPER_WRITE_SECTIONS_MAX });
      if (n.key !== undefined && (!known.has(n.key) || seen.has(n.key))) throw badRequest('paper_write_outline_key_invalid');
      const key = n.key ?? newKey();
      seen.add(key);
      return { key, heading: n.heading.trim(), brief: (n.brief ?? '').trim(), children: walk(n.children, depth + 1) };
    });
  };
  return walk(nodes, 1);
}

export function outlineKeys(outline: PaperWriteOutlineSection[]): Set<string> {
  return new Set(flatten(outline).map((s) => s.key));
}

/**
 * A model's Markdown outline as sections: `#`/`##`/`###` headings or nested
 * list items are sections; a line under a section ("Brief: …" or plain
 * prose) is its brief. Numbering the model added ("1.", "2.1", "第一章") is
 * dropped. A document title (a single `#` above everything) is not a section.
 */
export function parseModelOutline(markdown: string): { outline: PaperWriteOutlineSection[]; partial: boolean } {
  type Line = { level: number; heading: string } | { brief: string };
  const lines: Line[] = [];
  let prose = 0;
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.replace(/\s+$/, '');
    if (!line.trim() || /^```/.test(line.trim())) continue;
    const heading = /^(#{1,6})\s+(.+)$/.exec(line.trim());
    const item = /^(\s*)(?:[-*+]|\d+[.)])\s+(.+)$/.exec(line);
    if (heading) lines.push({ level: heading[1]!.length, heading: heading[2]! });
    else if (item) {
      const text = item[2]!;
      const brief = /^(?:brief|要点|说明|内容)\s*[:：]\s*(.+)$/i.exec(text.replace(/\*\*/g, ''));
      if (brief) lines.push({ brief: brief[1]! });
      else lines.push({ level: 10 + Math.floor(item[1]!.replace(/\t/g, '  ').length / 2), heading: text });
    } else {
      const brief = /^(?:\*\*)?(?:brief|要点|说明|内容)(?:\*\*)?\s*[:：]\s*(.+)$/i.exec(line.trim());
      lines.push({ brief: brief ? brief[1]! : line.trim() });
      if (!brief) prose += 1;
    }
  }
  const headings = lines.filter((l): l is { level: number; heading: string } => 'level' in l);
  // One top heading above all the others is the paper's title.
  const tops = headings.filter((h) => h.level === Math.min(...headings.map((x) => x.level)));
  const skipTitle = tops.length === 1 && headings.length > 1 && headings[0] === tops[0];
  const levels = [...new Set(headings.filter((h) => !(skipTitle && h === tops[0])).map((h) => h.level))].sort((a, b) => a - b);
  const root: PaperWriteOutlineSection[] = [];
  const stack: { depth: number; node: PaperWriteOutlineSection }[] = [];
  let last: PaperWriteOutlineSection | null = null;
  let count = 0;
  for (const line of lines) {
    if ('brief' in line) {
      if (last) last.brief = clip(last.brief ? `${last.brief} ${line.brief}` : line.brief, PAPER_WRITE_BRIEF_MAX);
      continue;
    }
    if (skipTitle && line === tops[0]) continue;
    const depth = Math.min(levels.indexOf(line.level) + 1, PAPER_WRITE_DEPTH_MAX);
    const heading = clip(cleanHeading(line.heading), PAPER_WRITE_HEADING_MAX);
    if (!heading || count >= PAPER_WRITE_SECTIONS_MAX) continue;
    count += 1;
    const node: PaperWriteOutlineSection = { key: newKey(), heading, brief: '', children: [] };
    while (stack.length && stack[stack.length - 1]!.depth >= depth) stack.pop();
    (stack.length ? stack[stack.length - 1]!.node.children : root).push(node);
    stack.push({ depth, node });
    last = node;
  }
  return { outline: root, partial: root.length > 0 && prose > root.length };
}

function cleanHeading(text: string): string {
  return text
    .replace(/\*\*|__|`/g, '')
    .replace(/^(?:第[一二三四五六七八九十百\d]+[章节部分]|[\dIVXivx]+(?:\.\d+)*[.)、]?)\s*/u, '')
    .trim();
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('') : text;
}
