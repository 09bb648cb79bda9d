import type { Widen } from '../draw/widen';
import type { apphomeZh } from './zh';

export const apphomeKo: Widen<typeof apphomeZh> = {
  apphome: {
    nav: '앱',
    title: '앱',
    intro: 'Xueba의 창작·연구 도구와 각각의 비용입니다.',
    section_create: '이미지',
    section_tools: '연구와 글쓰기',
    cost_loading: '가격을 불러오는 중…',
    cost_unknown: '지금은 가격을 알 수 없습니다',
    free: '무료로 보기',
    draw_cost: '장당 그리기 횟수 {{count}}회부터',
    doc_cost: '연구 보고서 또는 문헌 멤버십 필요',
    search_cost: '무료 검색',
    members_note: '회원의 대화는 횟수를 쓰지 않습니다. 횟수와 잔액은 내 정보에서 볼 수 있습니다.',
    qrcode_cost: '스타일 코드는 매일 무료',
    mindmap_cost: '개요와 가져오기 무료 · AI 생성 하루 {{count}}회 무료',
    writing_cost: '생성 글자 수로 과금, 논문 멤버십은 패키지에 따름',
    check_cost: '1,000자 단위 요금 · 멤버십에 포함 가능',
    cards: {
      drawing: { name: 'AI 그리기', desc: '세 가지 모델, 텍스트·이미지로 생성' },
      square: { name: '이미지 광장', desc: '모두의 작품, 같은 설정으로 한 번에 그리기' },
      qrcode: { name: '아트 QR 코드', desc: 'QR 코드를 그림으로' },
      mind_map: { name: '마인드맵', desc: '텍스트로 마인드맵 만들기' },
      chat: { name: '학술 대화', desc: '학술 질문과 출처' },
      create: { name: '글쓰기 템플릿', desc: '교정, 번역, 투고 조언' },
      doc: { name: '보고서·문헌', desc: '문서를 올리고 읽으며 질문' },
      search: { name: '논문 검색', desc: '논문 찾기와 AI 해설' },
      writing: { name: '논문 작성', desc: '논문 작성과 표절 검사' },
      plagiarism: { name: '표절 검사', desc: '논문 코퍼스, 내 문서, 이전 검사와 비교해 CNKI 형식 보고서 작성' },
    },
  },
};
