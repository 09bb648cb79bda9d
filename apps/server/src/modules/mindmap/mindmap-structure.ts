import { formatMessage, MINDMAP_MAX_NODES, MINDMAP_NOTE_MAX, MINDMAP_TOPIC_MAX, type Locale, type MindmapNode, type PaperDetail } from '@xueba/contract';

/**
 * Maps made without a model from what a source already holds: a document's
 * own headings (Markdown `#`, numbered sections, the usual section names,
 * Chinese chapter marks) with each section's first sentences, every node
 * linked to its page in the reader; and a paper's record (authors, venue,
 * abstract, keywords, references).
 */

/** Sections and key sentences past this are left out: a structural map is an overview, not the document. */
const DOC_NODES_MAX = 400;
const SENTENCES_PER_SECTION = 2;
const SENTENCES_PER_PAGE = 3;
const HEADING_MAX_CHARS = 90;

const SECTION_NAMES =
  /^(?:abstract|introduction|background|related work|literature review|methods?|methodology|materials and methods|experiments?|experimental setup|results?|results and discussion|discussion|conclusions?|limitations|future work|references|bibliography|acknowledge?ments?|appendix|摘要|引言|绪论|前言|背景|相关工作|文献综述|方法|研究方法|实验|结果|讨论|结论|总结|参考文献|致谢|附录|要旨|はじめに|序論|関連研究|手法|実験|結果|考察|結論|おわりに|参考文献|謝辞|초록|서론|관련 연구|방법|실험|결과|논의|결론|참고문헌|감사의 글)$/i;
const CN_CHAPTER = /^第[一二三四五六七八九十百零〇\d]+([章节篇部])\s*(.*)$/;
const CN_ENUM = /^([一二三四五六七八九十]+)[、．.]\s*(\S.*)$/;
const CN_SUB_ENUM = /^[（(][一二三四五六七八九十]+[)）]\s*(\S.*)$/;
const NUMBERED = /^(\d{1,2}(?:\.\d{1,2}){0,3})\.?\s+(\S.*)$/;

export interface Heading {
  level: number;
  title: string;
}

const cut = (text: string, max: number): string => {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};

/** A line that reads as a section heading, with its level; null for body text. */
export function headingOf(raw: string): Heading | null {
  const line = raw.trim();
  if (line === '' || [...line].length > HEADING_MAX_CHARS) return null;
  const md = /^(#{1,6})\s+(.+?)\s*#*$/.exec(line);
  if (md) return { level: md[1]!.length, title: md[2]! };
  const chapter = CN_CHAPTER.exec(line);
  if (chapter) return { level: chapter[1] === '节' ? 2 : 1, title: line };
  const cnSub = CN_SUB_ENUM.exec(line);
  if (cnSub) return { level: 2, title: line };
  const cn = CN_ENUM.exec(line);
  if (cn && !/[。，；]$/.test(line)) return { level: 1, title: line };
  const numbered = NUMBERED.exec(line);
  // "3 Results" and "2.1 Data sets" are headings; "3 mice were ..." and "12. The ..." sentences are not.
  if (numbered && /^\p{Lu}|^\p{Lo}/u.test(numbered[2]!) && !/[.,;:。，；：]$/.test(line) && numbered[2]!.split(/\s+/).length <= 12) {
    return { level: numbered[1]!.split('.').length, title: line };
  }
  const bare = line.replace(/^[\dIVX]+[.)]?\s+/, '').replace(/[:：]$/, '');
  if (SECTION_NAMES.test(bare)) return { level: 1, title: line.replace(/[:：]$/, '') };
  return null;
}

/** Sentences worth showing: whole ones of a readable length, in the order they come. */
export function keySentences(text: string, max: number): string[] {
  const out: string[] = [];
  const flat = text.replace(/\s+/g, ' ').trim();
  for (const part of flat.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{Lo}"“([])|(?<=[。！？])/u)) {
    const s = part.trim();
    const length = [...s].length;
    // CJK says in ten characters what English says in twenty.
    const min = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(s) ? 10 : 20;
    if (length < min || length > 300) continue;
    // Figures, tables and reference lines are not key sentences.
    if (/^(?:fig(?:ure)?|table|图|表)\s*\.?\s*\d/i.test(s) || /^\[\d+\]/.test(s)) continue;
    out.push(s);
    if (out.length >= max) break;
  }
  return out;
}

export interface DocStructureInput {
  docId: number;
  name: string;
  pages: { page: number; text: string }[];
  locale: Locale;
  /** The reader's address of a page. */
  pageLink: (page: number) => string;
}

interface Section {
  heading: Heading;
  page: number;
  body: string[];
}

/** The document's own structure: its headings as branches (nested by level) and their first sentences, each linked to its page. */
export function documentStructure(input: DocStructureInput): MindmapNode {
  const root: MindmapNode = { topic: cut(input.name, MINDMAP_TOPIC_MAX), link: input.pageLink(1), children: [] };
  const sections: Section[] = [];
  let lead: Section | null = null;
  for (const { page, text } of input.pages) {
    for (const line of text.split(/\r?\n/)) {
      const heading = headingOf(line);
      if (heading) sections.push({ heading, page, body: [] });
      else if (sections.length > 0) sections[sections.length - 1]!.body.push(line);
      else (lead ??= { heading: { level: 0, title: '' }, page, body: [] }).body.push(line);
    }
  }
  let budget = Math.min(DOC_NODES_MAX, MINDMAP_MAX_NODES) - 1;
  const add = (parent: MindmapNode, node: MindmapNode): boolean => {
    if (budget <= 0) return false;
    budget -= 1;
    parent.children.push(node);
    return true;
  };
  if (sections.length < 2) {
    // No headings to speak of: one branch per page with its key sentences.
    for (const { page, text } of input.pages) {
      const branch: MindmapNode = { topic: formatMessage('mindmap_label_page', input.locale, { n: page }), link: input.pageLink(page), children: [] };
      const sentences = keySentences(text, SENTENCES_PER_PAGE);
      if (sentences.length === 0) continue;
      if (!add(root, branch)) break;
      for (const s of sentences) add(branch, { topic: cut(s, MINDMAP_TOPIC_MAX), link: input.pageLink(page), children: [] });
    }
    return root;
  }
  if (lead) {
    const sentences = keySentences(lead.body.join('\n'), SENTENCES_PER_SECTION);
    if (sentences.length > 0) root.note = cut(sentences.join(' '), MINDMAP_NOTE_MAX);
  }
  // Headings nest by level; a jump of several levels nests one deeper, never more.
  const stack: { level: number; node: MindmapNode }[] = [{ level: 0, node: root }];
  for (const section of sections) {
    while (stack.length > 1 && stack[stack.length - 1]!.level >= section.heading.level) stack.pop();
    const parent = stack[stack.length - 1]!.node;
    const node: MindmapNode = { topic: cut(section.heading.title, MINDMAP_TOPIC_MAX), link: input.pageLink(section.page), children: [] };
    if (!add(parent, node)) break;
    stack.push({ level: section.heading.level, node });
    if (/^(?:\d[\d.]*\s+)?(?:references|bibliography|参考文献|참고문헌)$/i.test(section.heading.title)) continue;
    for (const s of keySentences(section.body.join('\n'), SENTENCES_PER_SECTION)) add(node, { topic: cut(s, MINDMAP_TOPIC_MAX), link: input.pageLink(section.page), children: [] });
  }
  return root;
}

const AUTHORS_SHOWN = 10;
const REFERENCES_SHOWN = 15;
const KEY_SENTENCES = 8;

/** A paper's record as a map: authors, where it appeared, the abstract's sentences, keywords and references. */
export function paperStructure(paper: PaperDetail, locale: Locale, paperLink: (id: string) => string): MindmapNode {
  const label = (key: Parameters<typeof formatMessage>[0], params?: Record<string, string | number>) => formatMessage(key, locale, params);
  const leaf = (topic: string, link?: string | null): MindmapNode => ({ topic: cut(topic, MINDMAP_TOPIC_MAX), ...(link ? { link } : {}), children: [] });
  const more = (total: number, shown: number): MindmapNode[] => (total > shown ? [leaf(label('mindmap_label_more', { n: total - shown }))] : []);
  const root: MindmapNode = { topic: cut(paper.title, MINDMAP_TOPIC_MAX), link: paperLink(paper.id), children: [] };
  if (paper.authors.length > 0) {
    root.children.push({ ...leaf(label('mindmap_label_authors')), children: [...paper.authors.slice(0, AUTHORS_SHOWN).map((a) => leaf(a)), ...more(paper.authors.length, AUTHORS_SHOWN)] });
  }
  const published = [paper.venue, paper.year ? String(paper.year) : ''].filter(Boolean).join(' · ');
  if (published) root.children.push({ ...leaf(label('mindmap_label_published')), children: [leaf(published, paper.doi ? `https://doi.org/${paper.doi}` : paper.url)] });
  if (paper.abstract.trim()) {
    const sentences = keySentences(paper.abstract, KEY_SENTENCES);
    root.children.push({ ...leaf(label('mindmap_label_abstract')), note: cut(paper.abstract.trim(), MINDMAP_NOTE_MAX), children: sentences.map((s) => leaf(s)) });
  }
  if (paper.keywords.length > 0) root.children.push({ ...leaf(label('mindmap_label_keywords')), children: paper.keywords.slice(0, 20).map((k) => leaf(k)) });
  if (paper.reference_count > 0) {
    const refs = paper.references.slice(0, REFERENCES_SHOWN).map((r) => leaf(r.title ?? r.text, r.id ? paperLink(r.id) : r.url));
    root.children.push({ ...leaf(label('mindmap_label_references', { n: paper.reference_count })), children: [...refs, ...more(paper.reference_count, refs.length)] });
  }
  return root;
}

/**
 * An answer with no outline in it: its paragraphs as branches, each named by
 * its first sentence with the paragraph as the note, so nothing of it is lost.
 */
export function paragraphMap(title: string, text: string): MindmapNode {
  const root: MindmapNode = { topic: cut(title, MINDMAP_TOPIC_MAX), children: [] };
  for (const paragraph of text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)) {
    if (root.children.length >= MINDMAP_MAX_NODES - 1) break;
    const first = keySentences(paragraph, 1)[0] ?? paragraph;
    root.children.push({ topic: cut(first.replace(/\s+/g, ' '), MINDMAP_TOPIC_MAX), ...(first !== paragraph ? { note: cut(paragraph, MINDMAP_NOTE_MAX) } : {}), children: [] });
  }
  return root;
}

const PAGE_MARK = /\s*[[(（【]\s*(?:p\.?|pp\.?|page|第)\s*(\d{1,5})\s*(?:页)?\s*[\])）】]\s*$/i;

/** Page marks a model was asked to end topics with (`[p. 3]`): taken off the topic and made the node's link to that page. */
export function linkPageMarks(tree: MindmapNode, pageLink: (page: number) => string, pages: number): void {
  const stack = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const mark = PAGE_MARK.exec(node.topic);
    if (mark) {
      const page = Number(mark[1]);
      const topic = node.topic.slice(0, mark.index).trim();
      if (topic) node.topic = topic;
      if (!node.link && page >= 1 && page <= pages) node.link = pageLink(page);
    }
    stack.push(...node.children);
  }
}
