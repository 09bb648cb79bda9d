import { api, type PlagiarismDetail } from '@xueba/contract';
import { expect, vi } from 'vitest';
import { callApi, type TestApp } from './helpers.js';

/** Corpus abstracts the tests copy from (BEIR lines: `_id`, `title`, `text` as the abstract). */
export const PAPERS = {
  soil: {
    id: 'plag-soil',
    title: 'Cover crops and soil organic carbon on working farms',
    text: 'We measured soil organic carbon on forty working farms over three growing seasons and compared fields planted with winter cover crops to fields left bare. Cover cropped fields gained carbon steadily, with the largest gains on clay soils and under mixtures of legumes and cereals, while bare fields lost carbon in wet years.',
  },
  bridges: {
    id: 'plag-bridges',
    title: 'Fatigue cracking in welded steel bridge decks',
    text: 'Orthotropic steel bridge decks develop fatigue cracks at the welds joining ribs to the deck plate. Using strain gauges on three highway bridges and finite element models calibrated against them, we show that heavy trucks in the slow lane cause most of the damage and that thicker deck plates delay crack initiation by decades.',
  },
  sleep: {
    id: 'plag-sleep',
    title: 'Screen time and sleep quality in university students',
    text: 'A survey of two thousand university students found that more than two hours of screen use after ten in the evening was associated with later sleep onset, shorter sleep, and poorer self reported sleep quality, even after adjusting for caffeine, course load and part time work.',
  },
  thai: {
    id: 'plag-thai',
    title: 'การปลูกข้าวในภาคอีสาน',
    text: 'การศึกษานี้สำรวจเกษตรกรผู้ปลูกข้าวในภาคตะวันออกเฉียงเหนือของประเทศไทยจำนวนสามร้อยครัวเรือนพบว่าการใช้ปุ๋ยอินทรีย์ร่วมกับการจัดการน้ำแบบเปียกสลับแห้งช่วยเพิ่มผลผลิตข้าวและลดต้นทุนการผลิตได้อย่างมีนัยสำคัญในช่วงสามปีที่ทำการศึกษา',
  },
  zh: {
    id: 'plag-zh',
    title: '城市绿地对居民心理健康的影响',
    text: '本研究基于对北京、上海和广州三座城市共三千名居民的问卷调查，考察了居住地周边绿地面积与居民心理健康之间的关系。结果表明，步行十分钟范围内的公园绿地面积越大，居民的焦虑和抑郁得分越低，而且这种关联在老年人和低收入群体中更为明显。研究建议城市规划应当优先保障社区公园的可达性。',
  },
};

export function corpusLines(keys: (keyof typeof PAPERS)[] = Object.keys(PAPERS) as (keyof typeof PAPERS)[]): string {
  return keys.map((k) => JSON.stringify({ _id: PAPERS[k].id, title: PAPERS[k].title, text: PAPERS[k].text, metadata: {} })).join('\n');
}

/** A paper-like text: its own opening, two abstracts copied into two sections, a quotation of a third, and a reference list. */
export const CHECKED = [
  '# Farming, bridges and sleep',
  'This essay brings together three unrelated studies to test a similarity checker, in words of our own first.',
  '',
  '## 1 Soil',
  PAPERS.soil.text,
  '',
  '## 2 Bridges',
  PAPERS.bridges.text,
  '',
  '## 3 Sleep',
  `As the survey put it, “${PAPERS.sleep.text}” We agree with this finding and add nothing of our own here.`,
  '',
  '## References',
  '[1] Smith J, Lee K. Cover crops and soil organic carbon on working farms[J]. Soil Science, 2021, 12(3): 45-67.',
  '[2] Zhang W. Fatigue cracking in welded steel bridge decks[J]. Bridge Engineering, 2019, 8: 1-20.',
].join('\n');

export async function waitDone(t: TestApp, token: string, id: number): Promise<PlagiarismDetail> {
  return vi.waitFor(
    async () => {
      const d = await callApi(t.app, api.plagiarismDetail, { token, query: { id: String(id) } });
      expect(['done', 'failed']).toContain(d.body.data.status);
      return d.body.data;
    },
    { timeout: 30_000, interval: 50 },
  );
}
