import type { Widen } from '../draw/widen';
import type { apphomeZh } from './zh';

export const apphomeEn: Widen<typeof apphomeZh> = {
  apphome: {
    nav: 'Apps',
    title: 'Apps',
    intro: 'Xueba\'s tools for creating and research, and what each costs.',
    section_create: 'Pictures',
    section_tools: 'Research and writing',
    cost_loading: 'Reading prices…',
    cost_unknown: 'Price not available right now',
    free: 'Free to browse',
    draw_cost: 'From {{count}} drawing count(s) a picture',
    doc_cost: 'Needs a research report or literature membership',
    search_cost: 'Free to search',
    members_note: 'Members chat without using counts; see your counts and balance in your account.',
    qrcode_cost: 'Styled codes free every day',
    mindmap_cost: 'Outlines and imports free · {{count}} AI maps free a day',
    writing_cost: 'Metered in words generated; included in paper memberships as their package says',
    check_cost: 'Priced per 1,000 characters · included in memberships',
    cards: {
      drawing: { name: 'AI drawing', desc: 'Three model families, text or image to image' },
      square: { name: 'Image square', desc: 'Everyone\'s pictures; draw the same in one click' },
      qrcode: { name: 'Art QR codes', desc: 'QR codes drawn as pictures' },
      mind_map: { name: 'Mind maps', desc: 'Mind maps made from text' },
      chat: { name: 'Academic chat', desc: 'Questions, answers and sources' },
      create: { name: 'Writing templates', desc: 'Polishing, translation, submission advice' },
      doc: { name: 'Reports and literature', desc: 'Upload documents, read and ask' },
      search: { name: 'Paper search', desc: 'Find papers, read AI summaries' },
      writing: { name: 'Paper writing', desc: 'Writing and plagiarism check' },
      plagiarism: { name: 'Plagiarism check', desc: 'Compare with the paper corpus, your documents and earlier checks; a CNKI-style report' },
    },
  },
};
