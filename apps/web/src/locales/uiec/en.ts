import type { Widen } from '../draw/widen';
import type { uiecZh } from './zh';

export const uiecEn: Widen<typeof uiecZh> = {
  uiec: {
    title: 'AI use and research integrity',
    intro: 'More and more journals and universities ask how AI was used in writing a paper. Here are the essentials of responsible use, and an AI use statement you can put straight into your paper.',
    principles_title: 'Four principles',
    principles: {
      author: { title: 'You are the author', text: 'AI cannot be an author. You answer for the ideas, data and conclusions; AI output is only a draft.' },
      verify: { title: 'Check everything', text: 'AI can invent references, data and quotations. Find and read the source of every reference.' },
      disclose: { title: 'Disclose honestly', text: 'Say what AI did, as your journal or university asks; spelling checks alone usually need no statement.' },
      confidential: { title: 'Keep confidential work out', text: 'Do not give AI manuscripts under review, unpublished data or participant information.' },
    },
    generator_title: 'AI use statement generator',
    generator_intro: "Tick what AI helped with, choose the statement's language, and copy it into the acknowledgements or methods (your journal's rules come first).",
    tool: 'AI tool used',
    tasks: 'What AI helped with',
    task: {
      polishing: 'language polishing',
      translation: 'translation',
      literature: 'literature search and mapping',
      summarising: 'summarising',
      drafting: 'drafting parts of the text',
      code: 'writing or debugging code',
      analysis: 'suggestions on data analysis',
      figures: 'preparing figures',
    },
    language: 'Statement language',
    statement: 'Statement',
    pick_task: 'Tick at least one thing AI helped with',
    copy: 'Copy statement',
    copied: 'Copied',
    copy_failed: 'Could not copy; select the text and copy it by hand',
    related: 'Related tools',
    related_skills: 'Skills such as Peer reviewer and English polishing',
    related_search: 'Academic search: check your references',
  },
};
