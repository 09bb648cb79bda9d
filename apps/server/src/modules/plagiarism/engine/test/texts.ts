// Texts for the engine's tests: an English source paragraph, unrelated host
// prose, a Chinese pair and a Thai pair, written for these tests.

export const SOURCE_EN = [
  'Winnowing selects a small subset of the hashes of overlapping character or word sequences so that any sufficiently long shared substring between two documents is guaranteed to produce at least one common fingerprint.',
  'Because only the minimum hash of every window is retained, the index stays compact while remaining robust against small insertions, deletions and reordering of surrounding material.',
  'Detection systems built on this idea first retrieve candidate sources with an inverted index and then run a detailed alignment that locates the exact boundaries of every reused passage in both documents.',
  'Evaluation campaigns such as those organised by the PAN workshop measure these systems with character level precision, recall and granularity, rewarding detectors that report each copied passage exactly once.',
].join(' ');

export const HOST_EN = [
  'The river valley was settled by farmers who grew barley and kept goats on the steep terraces above the village.',
  'During the long winters the families repaired tools, wove blankets from the wool of their herds and told stories about travelling merchants who crossed the mountain passes each spring.',
  'A small stone chapel stood at the centre of the settlement, and its bell announced weddings, funerals and the arrival of the first snow.',
  'Later generations built a mill beside the waterfall, which ground grain for neighbouring hamlets and became the meeting place where news from distant towns was shared.',
  'Today the terraces are overgrown, yet visitors still walk the old mule track to admire the view of the glacier at the head of the valley.',
].join(' ');

export const OTHER_EN = [
  'Sourdough bread depends on a culture of wild yeast and lactic acid bacteria that ferments flour and water over several days.',
  'Bakers feed the starter regularly, and the timing of each feeding changes the sourness, the rise and the crust of the finished loaf.',
  'A long cold proof in the refrigerator develops flavour, while a hot oven with steam produces the glossy blistered surface that many people admire.',
].join(' ');

export const SOURCE_ZH =
  '指纹技术从文本中选取少量哈希值作为特征，任何足够长的共同片段都会在两份文档中产生相同的指纹。' +
  '检测系统先利用倒排索引快速找到候选来源，再对每一对文档进行细致的比对，确定复制段落在两份文档中的准确边界。' +
  '评测时按字符统计查准率、查全率和粒度，只有把每个复制段落完整地报告一次的系统才能得到高分。';

export const HOST_ZH =
  '山谷里的村庄以种植大麦和放牧山羊为生，冬季漫长，村民们修理农具，用羊毛织毯子，讲述翻越山口的商人的故事。' +
  '村子中央有一座石头小教堂，钟声宣告婚礼、葬礼和初雪的到来。后来人们在瀑布旁建起磨坊，为附近的小村磨面，也成了交流消息的地方。';

export const SOURCE_TH =
  'ระบบตรวจสอบการลอกเลียนวรรณกรรมจะค้นหาเอกสารต้นฉบับที่เป็นไปได้ด้วยดัชนีลายนิ้วมือก่อน แล้วจึงเปรียบเทียบข้อความอย่างละเอียดเพื่อหาตำแหน่งของข้อความที่ถูกคัดลอกในเอกสารทั้งสองฉบับ ' +
  'การประเมินผลใช้ความแม่นยำ ความครบถ้วน และความละเอียดของการตรวจพบ ซึ่งให้คะแนนสูงแก่ระบบที่รายงานข้อความที่ถูกคัดลอกแต่ละตอนเพียงครั้งเดียวอย่างครบถ้วน';

export const HOST_TH = 'หมู่บ้านในหุบเขาแห่งนี้ปลูกข้าวบาร์เลย์และเลี้ยงแพะบนขั้นบันไดที่สูงชัน ในฤดูหนาวที่ยาวนานชาวบ้านซ่อมแซมเครื่องมือและทอผ้าห่มจากขนสัตว์ ';
