/**
 * Ranking metrics as trec_eval computes them for BEIR: nDCG@k with graded gains
 * (2^rel - 1, log2 discount) over the ideal ranking of the judged documents,
 * and recall@k over the relevant documents.
 */
export type Qrels = Map<string, Map<string, number>>;

export function ndcgAt(ranked: readonly string[], relevant: Map<string, number>, k: number): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => {
    const rel = relevant.get(id) ?? 0;
    if (rel > 0) dcg += (2 ** rel - 1) / Math.log2(i + 2);
  });
  const ideal = [...relevant.values()].filter((r) => r > 0).sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((sum, rel, i) => sum + (2 ** rel - 1) / Math.log2(i + 2), 0);
  return idcg > 0 ? dcg / idcg : 0;
}

export function recallAt(ranked: readonly string[], relevant: Map<string, number>, k: number): number {
  const wanted = [...relevant.entries()].filter(([, r]) => r > 0).map(([id]) => id);
  if (wanted.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return wanted.filter((id) => top.has(id)).length / wanted.length;
}

/** Parses a BEIR qrels TSV (`query-id corpus-id score`, header line). */
export function parseQrels(text: string): Qrels {
  const qrels: Qrels = new Map();
  for (const line of text.split('\n').slice(1)) {
    const [query, doc, score] = line.trim().split('\t');
    if (!query || !doc) continue;
    let judged = qrels.get(query);
    if (!judged) qrels.set(query, (judged = new Map()));
    judged.set(doc, Number(score ?? 1));
  }
  return qrels;
}
