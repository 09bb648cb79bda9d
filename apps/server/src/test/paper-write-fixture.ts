import { strFromU8, unzipSync } from 'fflate';
import { api, paperWriteStreamEventSchema, type PaperWriteCreateInput, type PaperWriteDetail, type PaperWriteStreamEvent } from '@xueba/contract';
import { callApi, type TestApp } from './helpers.js';
import type { StreamResult } from './sse-client.js';

/** Ten papers of one field in the Semantic Scholar corpus format, with abstracts to cite and extract from. */
export const PAPERS = [
  ['gw1', 'Graph neural networks for molecular property prediction', 'Graph neural networks learn molecular representations directly from atoms and bonds. They predict solubility and toxicity better than fingerprints on standard benchmarks.', ['Justin Gilmer', 'Samuel Schoenholz'], 2017, 'International Conference on Machine Learning'],
  ['gw2', 'Message passing neural networks for quantum chemistry', 'Message passing unifies several graph neural network models. On the QM9 dataset it reaches chemical accuracy for most targets.', ['Justin Gilmer', 'George Dahl', 'Oriol Vinyals'], 2017, 'Journal of Chemical Physics'],
  ['gw3', 'Attention-based graph networks for drug discovery', 'Graph attention weighs the neighbours of each atom. Attention improves toxicity prediction and gives interpretable substructures.', ['Petar Velickovic', 'Yoshua Bengio'], 2018, 'Journal of Medicinal Chemistry'],
  ['gw4', 'Pretraining graph neural networks on unlabelled molecules', 'Self-supervised pretraining on two million unlabelled molecules improves downstream property prediction. Negative transfer is avoided by combining node and graph level tasks.', ['Weihua Hu', 'Jure Leskovec'], 2020, 'International Conference on Learning Representations'],
  ['gw5', 'Benchmarking molecular machine learning', 'MoleculeNet collects datasets for molecular property prediction. Scaffold splits give a harder and more realistic evaluation than random splits.', ['Zhenqin Wu', 'Vijay Pande'], 2018, 'Chemical Science'],
  ['gw6', 'Equivariant networks for three dimensional molecules', 'Equivariant neural networks respect rotations of molecular geometry. They predict energies and forces with fewer training examples.', ['Kristof Schutt', 'Klaus Muller'], 2021, 'Nature Communications'],
  ['gw7', 'Uncertainty in molecular property prediction', 'Ensembles and Bayesian methods estimate the uncertainty of graph neural network predictions. Calibrated uncertainty helps prioritise compounds for synthesis.', ['Lior Hirschfeld', 'Connor Coley'], 2020, 'Journal of Chemical Information and Modeling'],
  ['gw8', 'Explaining graph neural network predictions', 'Explanation methods highlight the substructures behind a prediction. Chemists judged the explanations plausible in a user study.', ['Rex Ying', 'Jure Leskovec'], 2019, 'Advances in Neural Information Processing Systems'],
  ['gw9', 'Transfer learning across molecular datasets', 'Transfer from large quantum chemistry datasets helps small experimental datasets. Gains are largest below one thousand training molecules.', ['Kevin Yang', 'Regina Barzilay'], 2019, 'Journal of Chemical Information and Modeling'],
  ['gw10', 'Graph transformers for molecules', 'Graph transformers combine global attention with structural encodings. They match message passing networks on large molecular benchmarks.', ['Ying Chengxuan', 'Tie-Yan Liu'], 2021, 'Advances in Neural Information Processing Systems'],
] as const;

export async function importPapers(t: TestApp, count = PAPERS.length): Promise<void> {
  const lines = PAPERS.slice(0, count).map(([id, title, paperAbstract, authors, year, journalName]) => JSON.stringify({ id, title, paperAbstract, authors: authors.map((name) => ({ name })), year, journalName }));
  await t.app.services.papers.importer.importFiles([{ name: 'paper-write.jsonl', text: lines.join('\n') }]);
}

/** Public ids of the imported papers, in PAPERS order. */
export async function paperIds(t: TestApp, count = PAPERS.length): Promise<string[]> {
  const ids: string[] = [];
  for (const [, title] of PAPERS.slice(0, count)) {
    const found = await callApi(t.app, api.paperSearch, { query: { keyword: title, page_size: '5' } });
    const hit = found.body.data.lists.find((p) => p.title === title);
    if (!hit) throw new Error(`paper not found: ${title}`);
    ids.push(hit.id);
  }
  return ids;
}

export async function newProject(t: TestApp, token: string, input: Partial<PaperWriteCreateInput> = {}): Promise<PaperWriteDetail> {
  const res = await callApi(t.app, api.paperWriteCreate, { token, body: { title: 'Graph neural networks for molecules', topic: 'graph neural networks for molecular property prediction', kind: 'article', language: 'en', target_length: 3000, ...input } });
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function withSources(t: TestApp, token: string, projectId: number, ids: string[]): Promise<void> {
  for (const paperId of ids) {
    const res = await callApi(t.app, api.paperWriteSourceAdd, { token, body: { id: projectId, paper_id: paperId } });
    if (res.status !== 200) throw new Error(`add failed: ${JSON.stringify(res.body)}`);
  }
}

export function frames(res: StreamResult): PaperWriteStreamEvent[] {
  return res.events.map((e) => paperWriteStreamEventSchema.parse(e));
}

export function frameOf<T extends PaperWriteStreamEvent['type']>(res: StreamResult, type: T): Extract<PaperWriteStreamEvent, { type: T }> {
  const found = frames(res).find((e) => e.type === type);
  if (!found) throw new Error(`no ${type} frame in ${res.text || JSON.stringify(res.json)}`);
  return found as Extract<PaperWriteStreamEvent, { type: T }>;
}

/** The files of a zip (a DOCX or the LaTeX export) as text. */
export function zipText(data: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(data));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);

/** The paragraphs of a DOCX's word/document.xml: style id and text. */
export function docxParagraphs(xml: string): { style: string | null; text: string }[] {
  return [...xml.matchAll(/<w:p\b[^>]*>([\s\S]*?)<\/w:p>/g)].map((m) => ({
    style: /<w:pStyle w:val="([^"]+)"/.exec(m[1]!)?.[1] ?? null,
    text: [...m[1]!.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((t) => unescapeXml(t[1]!)).join(''),
  }));
}
