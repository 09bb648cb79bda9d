import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cite, parseName } from './cite.js';
import { parseCorpusFile } from './import/formats.js';
import { emptyRecord, type PaperRecord } from './paper.types.js';
import { HAS_SHARED_DATA, sharedFile } from './shared-data.js';

const load = (...parts: string[]) => parseCorpusFile(fs.readFileSync(sharedFile(...parts), 'utf8')).papers;

describe('citation names', () => {
  it('splits Western, comma-first and CJK names', () => {
    expect(parseName('Mohammad Taher Pilehvar')).toEqual({ family: 'Pilehvar', given: 'Mohammad Taher', cjk: false });
    expect(parseName('Turing, Alan')).toEqual({ family: 'Turing', given: 'Alan', cjk: false });
    expect(parseName('张三丰')).toEqual({ family: '张', given: '三丰', cjk: true });
  });

  it('writes GB/T 7714 for a Chinese paper with "等" after three authors', () => {
    const p: PaperRecord = { ...emptyRecord('local', 'x', '基于深度学习的机器翻译研究'), authors: ['张三', '李四', '王五', '赵六'], venue: '计算机学报', year: 2020, volume: '43', issue: '5', pages: '1-10' };
    expect(cite(p, 'gbt7714')).toBe('张三, 李四, 王五, 等. 基于深度学习的机器翻译研究[J]. 计算机学报, 2020, 43(5): 1-10.');
  });
});

describe.skipIf(!HAS_SHARED_DATA)('citations of real records', () => {
  const acl = load('papers', 'acl-family', 'acl2021.json').find((p) => p.source_id === '2021.acl-short.73')!;
  const findings = load('papers', 'acl-family', 'naacl2024.json').find((p) => p.source_id === '2024.findings-naacl.30')!;
  const arxiv = load('papers', 'unarxive-sample', 'arXiv_src_2212_086.jsonl').find((p) => p.source_id === '2212.11867')!;
  const s2 = load('papers', 's2-sample', 'sample-S2-records.jsonl').find((p) => p.source_id === '5432a99cdd9f8b248c50274cd3d2a6016f3d081e')!;

  it('maps ACL tracks to spec types and keeps the file id', () => {
    expect([acl.type, acl.venue, acl.year, acl.pages, acl.doi]).toEqual(['short', 'ACL 2021', 2021, '575-584', '10.18653/v1/2021.acl-short.73']);
    expect([findings.type, findings.venue]).toEqual(['conference', 'Findings of NAACL 2024']);
    expect([arxiv.type, arxiv.venue, arxiv.arxiv_id, arxiv.authors]).toEqual(['report', 'arXiv', '2212.11867', ['Marcus Michelen', 'Xuan-Truong Vu']]);
    expect(arxiv.references.length).toBe(17);
    expect([s2.type, s2.venue, s2.year, s2.pages, s2.volume]).toEqual(['journal', 'The Journal of reproductive medicine', 1986, '127-30', '31 2']);
  });

  it('BibTeX: the Anthology entry as imported, or a generated one', () => {
    expect(cite(acl, 'bibtex')).toBe(acl.bibtex);
    expect(cite(arxiv, 'bibtex')).toBe(
      '@misc{michelen2022zeros,\n    title = {Zeros of a growing number of derivatives of random polynomials with independent roots},\n    author = {Michelen, Marcus and Vu, Xuan-Truong},\n    howpublished = {arXiv},\n    year = {2022},\n    eprint = {2212.11867},\n    url = {https://arxiv.org/abs/2212.11867}\n}',
    );
  });

  it('RIS', () => {
    expect(cite(s2, 'ris').split('\n').filter((l) => !l.startsWith('AB') && !l.startsWith('KW'))).toEqual([
      'TY  - JOUR',
      'AU  - Spellacy, W N',
      'AU  - Burger, J',
      'TI  - Organizing a search for an academic administrator.',
      'JO  - The Journal of reproductive medicine',
      'PY  - 1986',
      'VL  - 31 2',
      'SP  - 127',
      'EP  - 30',
      'UR  - https://semanticscholar.org/paper/5432a99cdd9f8b248c50274cd3d2a6016f3d081e',
      'ER  - ',
    ]);
    expect(cite(acl, 'ris')).toContain('TY  - CPAPER\nAU  - Rajaee, Sara\nAU  - Pilehvar, Mohammad Taher');
  });

  it('APA 7', () => {
    expect(cite(acl, 'apa')).toBe(
      'Rajaee, S., & Pilehvar, M. T. (2021). A Cluster-based Approach for Improving Isotropy in Contextual Embedding Space. In *Proceedings of the 59th Annual Meeting of the Association for Computational Linguistics and the 11th International Joint Conference on Natural Language Processing (Volume 2: Short Papers)* (pp. 575–584). Association for Computational Linguistics. https://doi.org/10.18653/v1/2021.acl-short.73',
    );
    expect(cite(arxiv, 'apa')).toBe('Michelen, M., & Vu, X.-T. (2022). Zeros of a growing number of derivatives of random polynomials with independent roots. arXiv. https://arxiv.org/abs/2212.11867');
  });

  it('MLA 9', () => {
    expect(cite(findings, 'mla')).toBe(
      'Verhoeven, Ivo, et al. "A (More) Realistic Evaluation Setup for Generalisation of Community Models on Malicious Content Detection." *Findings of the Association for Computational Linguistics: NAACL 2024*, 2024, pp. 437-463. https://doi.org/10.18653/v1/2024.findings-naacl.30.',
    );
    expect(cite(acl, 'mla').startsWith('Rajaee, Sara, and Mohammad Taher Pilehvar. "A Cluster-based')).toBe(true);
  });

  it('GB/T 7714-2015: at most three authors then et al, [C]// for proceedings, [J] for journals and preprints, pages, DOI', () => {
    expect(cite(findings, 'gbt7714')).toBe(
      'VERHOEVEN I, MISHRA P, BELOCH R, et al. A (More) Realistic Evaluation Setup for Generalisation of Community Models on Malicious Content Detection[C]//Findings of the Association for Computational Linguistics: NAACL 2024. Mexico City, Mexico: Association for Computational Linguistics, 2024: 437-463. DOI:10.18653/v1/2024.findings-naacl.30.',
    );
    expect(cite(acl, 'gbt7714')).toContain('RAJAEE S, PILEHVAR M T. A Cluster-based');
    expect(cite(s2, 'gbt7714')).toBe('SPELLACY W N, BURGER J. Organizing a search for an academic administrator[J]. The Journal of reproductive medicine, 1986, 31 2: 127-30.');
    expect(cite(arxiv, 'gbt7714')).toBe('MICHELEN M, VU X-T. Zeros of a growing number of derivatives of random polynomials with independent roots[J]. arXiv preprint arXiv:2212.11867, 2022.');
  });
});
