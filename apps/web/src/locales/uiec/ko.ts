import type { Widen } from '../draw/widen';
import type { uiecZh } from './zh';

export const uiecKo: Widen<typeof uiecZh> = {
  uiec: {
    title: 'AI 사용과 연구 윤리',
    intro: '논문 작성에 AI를 어떻게 썼는지 밝히도록 요구하는 학술지와 대학이 늘고 있습니다. 책임 있는 사용의 요점과 논문에 바로 넣을 수 있는 AI 사용 고지문을 정리했습니다.',
    principles_title: '네 가지 원칙',
    principles: {
      author: { title: '저자가 책임진다', text: 'AI는 저자가 될 수 없습니다. 생각, 데이터, 결론은 당신의 책임이며 AI의 출력은 초안일 뿐입니다.' },
      verify: { title: '모두 확인한다', text: 'AI는 문헌, 데이터, 인용을 지어낼 수 있습니다. 모든 참고문헌의 원문을 찾아 확인하세요.' },
      disclose: { title: '정직하게 밝힌다', text: '학술지나 대학의 요구에 따라 AI로 무엇을 했는지 밝히세요. 맞춤법 검사만 했다면 보통 필요 없습니다.' },
      confidential: { title: '기밀을 지킨다', text: '심사 중인 원고, 공개되지 않은 데이터, 연구 참여자 정보를 AI에 넘기지 마세요.' },
    },
    generator_title: 'AI 사용 고지문 생성기',
    generator_intro: 'AI가 도운 작업을 고르고 고지문 언어를 선택한 뒤, 감사의 글이나 방법 부분에 복사하세요(학술지 규정이 우선입니다).',
    tool: '사용한 AI 도구',
    tasks: 'AI가 도운 작업',
    task: {
      polishing: '문장 교정',
      translation: '번역',
      literature: '문헌 검색과 정리',
      summarising: '요약',
      drafting: '본문 일부 초안 작성',
      code: '코드 작성이나 디버깅',
      analysis: '데이터 분석 조언',
      figures: '그림과 표 작성',
    },
    language: '고지문 언어',
    statement: '고지문',
    pick_task: 'AI가 도운 작업을 하나 이상 고르세요',
    copy: '고지문 복사',
    copied: '복사했습니다',
    copy_failed: '복사하지 못했습니다. 글을 선택해 직접 복사하세요',
    related: '관련 도구',
    related_skills: '심사위원, 영문 교정 등의 스킬',
    related_search: '학술 검색: 참고문헌 확인',
  },
};
