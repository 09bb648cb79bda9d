import type { Locale } from '@xueba/contract';
import type { VerifyScene } from './verification.service.js';

/**
 * Texts of verification mail and SMS, per locale. They live here and not in
 * the shared message table because only the server renders them.
 */
interface Texts {
  subject: string;
  intro: string;
  codeLine: string;
  validity: string;
  ignore: string;
  sms: string;
  scenes: Record<VerifyScene, string>;
}

const TEXTS: Record<Locale, Texts> = {
  zh: {
    subject: '{site} 验证码',
    intro: '您正在{scene}。',
    codeLine: '您的验证码是：{code}',
    validity: '验证码 {minutes} 分钟内有效，仅可使用一次。',
    ignore: '如果这不是您本人的操作，请忽略本邮件。',
    sms: '【{site}】您的验证码是 {code}，用于{scene}，{minutes} 分钟内有效。如非本人操作请忽略。',
    scenes: { login: '登录', register: '注册账号', find_password: '找回密码', bind_mobile: '绑定手机号', change_mobile: '更换手机号', support: '联系客服' },
  },
  en: {
    subject: 'Your {site} verification code',
    intro: 'You asked for a code to {scene}.',
    codeLine: 'Your verification code is: {code}',
    validity: 'It is valid for {minutes} minutes and can be used once.',
    ignore: 'If you did not ask for it, you can ignore this email.',
    sms: '[{site}] Your code to {scene} is {code}, valid for {minutes} minutes. Ignore this message if you did not ask for it.',
    scenes: { login: 'sign in', register: 'create an account', find_password: 'reset your password', bind_mobile: 'bind your mobile number', change_mobile: 'change your mobile number', support: 'contact customer service' },
  },
  ja: {
    subject: '{site} 認証コード',
    intro: '{scene}のための認証コードです。',
    codeLine: '認証コード：{code}',
    validity: '有効期限は {minutes} 分で、1 回のみ使用できます。',
    ignore: 'お心当たりがない場合は、このメールを無視してください。',
    sms: '【{site}】{scene}の認証コードは {code} です（{minutes} 分間有効）。お心当たりがない場合は無視してください。',
    scenes: { login: 'ログイン', register: 'アカウント登録', find_password: 'パスワード再設定', bind_mobile: '携帯番号の連携', change_mobile: '携帯番号の変更', support: 'カスタマーサポートへのお問い合わせ' },
  },
  ko: {
    subject: '{site} 인증 코드',
    intro: '{scene}을(를) 위한 인증 코드입니다.',
    codeLine: '인증 코드: {code}',
    validity: '{minutes}분 동안 유효하며 한 번만 사용할 수 있습니다.',
    ignore: '본인이 요청하지 않았다면 이 메일을 무시하세요.',
    sms: '[{site}] {scene} 인증 코드는 {code}입니다. {minutes}분 동안 유효합니다. 본인이 요청하지 않았다면 무시하세요.',
    scenes: { login: '로그인', register: '회원 가입', find_password: '비밀번호 재설정', bind_mobile: '휴대폰 번호 연결', change_mobile: '휴대폰 번호 변경', support: '고객센터 문의' },
  },
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export interface CodeMail {
  subject: string;
  text: string;
  html: string;
}

export function codeMail(locale: Locale, site: string, scene: VerifyScene, code: string, minutes: number): CodeMail {
  const t = TEXTS[locale];
  const values = { site, code, minutes: String(minutes), scene: t.scenes[scene] };
  const intro = fill(t.intro, values);
  const codeLine = fill(t.codeLine, values);
  const validity = fill(t.validity, values);
  const ignore = fill(t.ignore, values);
  const text = [intro, '', codeLine, '', validity, ignore, '', `— ${site}`].join('\n');
  // The site name is admin-editable: escape everything that goes into HTML.
  const html = [
    `<div style="font-family:sans-serif;font-size:15px;line-height:1.6;color:#222">`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(fill(t.codeLine, { ...values, code: '' }))}<strong style="font-size:24px;letter-spacing:4px">${code}</strong></p>`,
    `<p>${escapeHtml(validity)}<br>${escapeHtml(ignore)}</p>`,
    `<p style="color:#888">— ${escapeHtml(site)}</p>`,
    `</div>`,
  ].join('');
  return { subject: fill(t.subject, values), text, html };
}

export function codeSms(locale: Locale, site: string, scene: VerifyScene, code: string, minutes: number): string {
  const t = TEXTS[locale];
  return fill(t.sms, { site, code, minutes: String(minutes), scene: t.scenes[scene] });
}
