import { randomUUID } from 'node:crypto';
import type { MindmapNode } from '@xueba/contract';
import { NodeBudget, invalidFile } from './limits.js';
import { elements, firstElement, parseXml, textOf, type XmlElement } from './xml.js';
import { readZipEntries, writeZip } from './zip.js';

/**
 * XMind `.xmind`: a zip. XMind Zen / 2020 and later read `content.json`
 * (sheets, each with a `rootTopic`: id, title, `children.attached`,
 * `notes.plain.content`, `href`) beside `manifest.json` and
 * `metadata.json`; XMind 8 and earlier wrote `content.xml`, which is read
 * when there is no `content.json`.
 */

interface XmindTopic {
  id: string;
  class?: string;
  title: string;
  structureClass?: string;
  href?: string;
  notes?: { plain: { content: string } };
  children?: { attached: XmindTopic[] };
}

const GENERATOR = { name: 'Xueba', version: '1.0.0' };

function toTopic(node: MindmapNode, root: boolean): XmindTopic {
  const topic: XmindTopic = { id: randomUUID(), class: 'topic', title: node.topic };
  if (root) topic.structureClass = 'org.xmind.ui.map.unbalanced';
  if (node.link) topic.href = node.link;
  if (node.note) topic.notes = { plain: { content: node.note } };
  if (node.children.length > 0) topic.children = { attached: node.children.map((child) => toTopic(child, false)) };
  return topic;
}

export function writeXmind(tree: MindmapNode, title?: string): Uint8Array {
  const content = [{ id: randomUUID(), class: 'sheet', title: title ?? tree.topic, rootTopic: toTopic(tree, true) }];
  const metadata = { creator: GENERATOR, dataStructureVersion: '2', layoutEngineVersion: '3' };
  const manifest = { 'file-entries': { 'content.json': {}, 'metadata.json': {} } };
  const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  return writeZip([
    ['content.json', encode(content)],
    ['metadata.json', encode(metadata)],
    ['manifest.json', encode(manifest)],
  ]);
}

export function readXmind(data: Uint8Array): MindmapNode {
  const entries = readZipEntries(data, ['content.json', 'content.xml']);
  const json = entries.get('content.json');
  if (json) return readContentJson(decode(json));
  const xml = entries.get('content.xml');
  if (xml) return readContentXml(decode(xml));
  throw invalidFile('xmind');
}

function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidFile('xmind');
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function readContentJson(text: string): MindmapNode {
  let sheets: unknown;
  try {
    sheets = JSON.parse(text);
  } catch {
    throw invalidFile('xmind');
  }
  const first: unknown = Array.isArray(sheets) ? sheets[0] : undefined;
  if (!isRecord(first) || !isRecord(first.rootTopic)) throw invalidFile('xmind');
  return readJsonTopic(first.rootTopic, 0, new NodeBudget());
}

function readJsonTopic(topic: Record<string, unknown>, depth: number, budget: NodeBudget): MindmapNode {
  const notes = isRecord(topic.notes) ? topic.notes : undefined;
  const plain = notes && isRecord(notes.plain) ? stringOr(notes.plain.content) : undefined;
  const node = budget.node({ topic: stringOr(topic.title) ?? '', note: plain, link: stringOr(topic.href) }, depth);
  const children = isRecord(topic.children) ? topic.children.attached : undefined;
  if (Array.isArray(children)) {
    for (const child of children) {
      if (!isRecord(child)) throw invalidFile('xmind');
      node.children.push(readJsonTopic(child, depth + 1, budget));
    }
  }
  return node;
}

function readContentXml(text: string): MindmapNode {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch {
    throw invalidFile('xmind');
  }
  const sheet = root.name === 'xmap-content' ? firstElement(root, 'sheet') : undefined;
  const topic = sheet ? firstElement(sheet, 'topic') : undefined;
  if (!topic) throw invalidFile('xmind');
  return readXmlTopic(topic, 0, new NodeBudget());
}

function readXmlTopic(topic: XmlElement, depth: number, budget: NodeBudget): MindmapNode {
  const title = firstElement(topic, 'title');
  const notes = firstElement(topic, 'notes');
  const plain = notes ? firstElement(notes, 'plain') : undefined;
  const node = budget.node({ topic: title ? textOf(title) : '', note: plain ? textOf(plain) : undefined, link: topic.attrs.href }, depth);
  const children = firstElement(topic, 'children');
  const attached = children ? elements(children, 'topics').find((t) => (t.attrs.type ?? 'attached') === 'attached') : undefined;
  for (const child of attached ? elements(attached, 'topic') : []) node.children.push(readXmlTopic(child, depth + 1, budget));
  return node;
}
