import type { Locale } from '@xueba/contract';
import type { Widen } from './draw/widen';
import type { adminGroupZh } from './admin/zh';
import type { contentZh } from './content/zh';
import type { docZh } from './doc/zh';
import type { drawZh } from './draw/zh';
import type { mindmapZh } from './mindmap/zh';
import type { paperWriteZh } from './paper-write/zh';
import type { plagiarismZh } from './plagiarism/zh';
import type { qrcodeZh } from './qrcode/zh';
import type { skillZh } from './skill/zh';
import type { squareZh } from './square/zh';
import type { supportZh } from './support/zh';
import type { uiecZh } from './uiec/zh';

/**
 * Message groups that are not part of the first screen: each feature's strings
 * load with its pages (the route table's `messages`), in the reader's language
 * only. The always-loaded bundle (`zh.ts` and its translations) keeps what the
 * shell shows on every page: navigation, the header, the footer, errors.
 * Decision 0045.
 */
export interface GroupShapes {
  admin: typeof adminGroupZh;
  content: typeof contentZh;
  doc: { doc: typeof docZh };
  draw: typeof drawZh;
  mindmap: typeof mindmapZh;
  paperwrite: typeof paperWriteZh;
  plagiarism: typeof plagiarismZh;
  qrcode: { qrcode: typeof qrcodeZh };
  skill: typeof skillZh;
  square: { square: typeof squareZh };
  support: typeof supportZh;
  uiec: typeof uiecZh;
}

export type MessageGroup = keyof GroupShapes;

type Loader<G extends MessageGroup> = () => Promise<Widen<GroupShapes[G]>>;

/** One chunk per group and language: a reader downloads only their own language. */
export const GROUP_LOADERS: { [G in MessageGroup]: Record<Locale, Loader<G>> } = {
  admin: {
    zh: () => import('./admin/zh').then((m) => m.adminGroupZh),
    en: () => import('./admin/en').then((m) => m.adminGroupEn),
    ja: () => import('./admin/ja').then((m) => m.adminGroupJa),
    ko: () => import('./admin/ko').then((m) => m.adminGroupKo),
  },
  content: {
    zh: () => import('./content/zh').then((m) => m.contentZh),
    en: () => import('./content/en').then((m) => m.contentEn),
    ja: () => import('./content/ja').then((m) => m.contentJa),
    ko: () => import('./content/ko').then((m) => m.contentKo),
  },
  doc: {
    zh: () => import('./doc/zh').then((m) => ({ doc: m.docZh })),
    en: () => import('./doc/en').then((m) => ({ doc: m.docEn })),
    ja: () => import('./doc/ja').then((m) => ({ doc: m.docJa })),
    ko: () => import('./doc/ko').then((m) => ({ doc: m.docKo })),
  },
  draw: {
    zh: () => import('./draw/zh').then((m) => m.drawZh),
    en: () => import('./draw/en').then((m) => m.drawEn),
    ja: () => import('./draw/ja').then((m) => m.drawJa),
    ko: () => import('./draw/ko').then((m) => m.drawKo),
  },
  mindmap: {
    zh: () => import('./mindmap/zh').then((m) => m.mindmapZh),
    en: () => import('./mindmap/en').then((m) => m.mindmapEn),
    ja: () => import('./mindmap/ja').then((m) => m.mindmapJa),
    ko: () => import('./mindmap/ko').then((m) => m.mindmapKo),
  },
  paperwrite: {
    zh: () => import('./paper-write/zh').then((m) => m.paperWriteZh),
    en: () => import('./paper-write/en').then((m) => m.paperWriteEn),
    ja: () => import('./paper-write/ja').then((m) => m.paperWriteJa),
    ko: () => import('./paper-write/ko').then((m) => m.paperWriteKo),
  },
  plagiarism: {
    zh: () => import('./plagiarism/zh').then((m) => m.plagiarismZh),
    en: () => import('./plagiarism/en').then((m) => m.plagiarismEn),
    ja: () => import('./plagiarism/ja').then((m) => m.plagiarismJa),
    ko: () => import('./plagiarism/ko').then((m) => m.plagiarismKo),
  },
  qrcode: {
    zh: () => import('./qrcode/zh').then((m) => ({ qrcode: m.qrcodeZh })),
    en: () => import('./qrcode/en').then((m) => ({ qrcode: m.qrcodeEn })),
    ja: () => import('./qrcode/ja').then((m) => ({ qrcode: m.qrcodeJa })),
    ko: () => import('./qrcode/ko').then((m) => ({ qrcode: m.qrcodeKo })),
  },
  skill: {
    zh: () => import('./skill/zh').then((m) => m.skillZh),
    en: () => import('./skill/en').then((m) => m.skillEn),
    ja: () => import('./skill/ja').then((m) => m.skillJa),
    ko: () => import('./skill/ko').then((m) => m.skillKo),
  },
  square: {
    zh: () => import('./square/zh').then((m) => ({ square: m.squareZh })),
    en: () => import('./square/en').then((m) => ({ square: m.squareEn })),
    ja: () => import('./square/ja').then((m) => ({ square: m.squareJa })),
    ko: () => import('./square/ko').then((m) => ({ square: m.squareKo })),
  },
  support: {
    zh: () => import('./support/zh').then((m) => m.supportZh),
    en: () => import('./support/en').then((m) => m.supportEn),
    ja: () => import('./support/ja').then((m) => m.supportJa),
    ko: () => import('./support/ko').then((m) => m.supportKo),
  },
  uiec: {
    zh: () => import('./uiec/zh').then((m) => m.uiecZh),
    en: () => import('./uiec/en').then((m) => m.uiecEn),
    ja: () => import('./uiec/ja').then((m) => m.uiecJa),
    ko: () => import('./uiec/ko').then((m) => m.uiecKo),
  },
};

/** The top-level message keys each group brings (a key's first segment names its group). */
export const GROUP_KEYS: Record<MessageGroup, readonly string[]> = {
  admin: ['admin', 'oauthadmin', 'smsadmin', 'paperadmin', 'adminnav', 'drawadmin', 'qradmin', 'refundadmin'],
  content: ['news', 'help', 'contentadmin'],
  doc: ['doc'],
  draw: ['draw'],
  mindmap: ['mindmap'],
  paperwrite: ['paperwrite'],
  plagiarism: ['plagiarism'],
  qrcode: ['qrcode'],
  skill: ['skill', 'skilladmin', 'viptable'],
  square: ['square'],
  support: ['support', 'feedback', 'feedbackadmin', 'supportadmin'],
  uiec: ['uiec'],
};

export const MESSAGE_GROUPS = Object.keys(GROUP_KEYS) as MessageGroup[];

const groupOfKey = new Map<string, MessageGroup>(MESSAGE_GROUPS.flatMap((group) => GROUP_KEYS[group].map((key) => [key, group] as const)));

/** The lazy group a message key belongs to, if any. */
export function groupOf(key: string): MessageGroup | undefined {
  return groupOfKey.get(key.split('.')[0] ?? '');
}
