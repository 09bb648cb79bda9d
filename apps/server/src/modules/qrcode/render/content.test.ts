import { describe, expect, it } from 'vitest';
import { qrContentSchema, type QrContent } from '@xueba/contract';
import { encodeContent } from './content-encode.js';
import { parseContent } from './content-parse.js';

const roundTrips: Array<[string, QrContent]> = [
  ['url', { type: 'url', data: { url: 'https://例子.测试/路径?q=二维码&x=1#frag' } }],
  ['text', { type: 'text', data: { text: '学霸 AI：二维码；测试, "quotes" \\ back\nnew line 한국어 日本語' } }],
  ['wifi WPA with every special character', { type: 'wifi', data: { ssid: '咖啡馆;5G:"x",\\y', encryption: 'WPA', password: 'p;a,s:s"w\\o rd密码', hidden: true } }],
  ['wifi WEP', { type: 'wifi', data: { ssid: 'Office', encryption: 'WEP', password: 'abcde', hidden: false } }],
  ['wifi open', { type: 'wifi', data: { ssid: '图书馆 Free', encryption: 'nopass', password: '', hidden: false } }],
  ['wifi password in quotes', { type: 'wifi', data: { ssid: '"quoted"', encryption: 'WPA', password: '"12345678"', hidden: false } }],
  [
    'vcard with every field',
    {
      type: 'vcard',
      data: {
        name: '张三, Jr.; 博士',
        org: '清华大学; 计算机系',
        title: '教授\\研究员',
        phone: '+8613800000000',
        email: 'zhang.san@example.edu.cn',
        url: 'https://example.edu.cn/~zhang?a=1,2;b',
        address: '北京市海淀区, 清华园1号\n100084',
        note: '多行\n备注: 1,2;3',
      },
    },
  ],
  ['vcard name only', { type: 'vcard', data: { name: '田中 太郎' } }],
  ['email', { type: 'email', data: { to: 'prof@example.com', subject: '论文 & 问题?', body: '您好，\n第二行 = 100% #1' } }],
  ['email without subject', { type: 'email', data: { to: 'a@b.co' } }],
  ['phone', { type: 'phone', data: { phone: '+8613800000000' } }],
  ['sms', { type: 'sms', data: { phone: '10086', body: '查询余额: 今天:明天' } }],
  ['sms without body', { type: 'sms', data: { phone: '+4420123456' } }],
];

describe('content payloads', () => {
  it.each(roundTrips)('%s round-trips through encode and parse', (_, content) => {
    const valid = qrContentSchema.parse(content);
    expect(parseContent(encodeContent(valid))).toEqual(valid);
  });

  it('writes the standard payloads', () => {
    expect(encodeContent({ type: 'wifi', data: { ssid: 'a;b', encryption: 'WPA', password: 'pass:word', hidden: true } })).toBe('WIFI:T:WPA;S:a\\;b;P:pass\\:word;H:true;;');
    expect(encodeContent({ type: 'wifi', data: { ssid: 'open', encryption: 'nopass', password: '', hidden: false } })).toBe('WIFI:T:nopass;S:open;;');
    expect(encodeContent({ type: 'phone', data: { phone: '+86 (138) 0000-0000' } })).toBe('tel:+8613800000000');
    expect(encodeContent({ type: 'sms', data: { phone: '10086', body: 'hi' } })).toBe('SMSTO:10086:hi');
    expect(encodeContent({ type: 'email', data: { to: 'a@b.co', subject: 'a b', body: 'x&y' } })).toBe('mailto:a@b.co?subject=a%20b&body=x%26y');
    const card = encodeContent({ type: 'vcard', data: { name: 'A,B', note: 'x\ny' } });
    expect(card).toBe('BEGIN:VCARD\r\nVERSION:3.0\r\nN:A\\,B;;;;\r\nFN:A\\,B\r\nNOTE:x\\ny\r\nEND:VCARD');
  });
});

describe('parsing codes from other generators', () => {
  it('reads Wi-Fi fields in any order, WPA2 and quoted values', () => {
    expect(parseContent('WIFI:S:"Home Net";T:WPA2;P:"secret123";;')).toEqual({ type: 'wifi', data: { ssid: 'Home Net', encryption: 'WPA', password: 'secret123', hidden: false } });
    expect(parseContent('wifi:H:TRUE;P:abcdefgh;S:Lab;;')).toEqual({ type: 'wifi', data: { ssid: 'Lab', encryption: 'WPA', password: 'abcdefgh', hidden: true } });
    expect(parseContent('WIFI:S:Cafe;;')).toEqual({ type: 'wifi', data: { ssid: 'Cafe', encryption: 'nopass', password: '', hidden: false } });
  });

  it('reads sms:, smsto: and MMSTO with bodies', () => {
    expect(parseContent('sms:+15551234567?body=Hello%20there')).toEqual({ type: 'sms', data: { phone: '+15551234567', body: 'Hello there' } });
    expect(parseContent('smsto:10086:余额')).toEqual({ type: 'sms', data: { phone: '10086', body: '余额' } });
    expect(parseContent('SMS:10086')).toEqual({ type: 'sms', data: { phone: '10086' } });
  });

  it('reads mailto with parameters and MATMSG', () => {
    expect(parseContent('MAILTO:x@y.org?cc=z@y.org&Subject=Hi%20%E4%BD%A0&body=line')).toEqual({ type: 'email', data: { to: 'x@y.org', subject: 'Hi 你', body: 'line' } });
    expect(parseContent('MATMSG:TO:x@y.org;SUB:会议;BODY:明天 10\\:00;;')).toEqual({ type: 'email', data: { to: 'x@y.org', subject: '会议', body: '明天 10:00' } });
  });

  it('reads vCard 2.1 quoted-printable, 3.0 folded lines and 4.0 URIs', () => {
    const v21 = 'BEGIN:VCARD\nVERSION:2.1\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E5=BC=A0;=E4=B8=89\nTEL;CELL:13800000000\nEND:VCARD';
    expect(parseContent(v21)).toEqual({ type: 'vcard', data: { name: '张三', phone: '13800000000' } });
    const v30 = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\n  Lovelace\r\nitem1.EMAIL;TYPE=INTERNET:ada@example.org\r\nORG:Analytical;Engines\r\nEND:VCARD';
    expect(parseContent(v30)).toEqual({ type: 'vcard', data: { name: 'Ada Lovelace', email: 'ada@example.org', org: 'Analytical Engines' } });
    const v40 = 'BEGIN:VCARD\nVERSION:4.0\nN:Hopper;Grace;;;\nTEL;VALUE=uri;TYPE=cell:tel:+1-555-0100\nEND:VCARD';
    expect(parseContent(v40)).toEqual({ type: 'vcard', data: { name: 'Grace Hopper', phone: '+1-555-0100' } });
  });

  it('keeps a contact whose phone would not pass the form, without that phone', () => {
    expect(parseContent('BEGIN:VCARD\nVERSION:3.0\nFN:Li\nTEL:call me maybe\nEND:VCARD')).toEqual({ type: 'vcard', data: { name: 'Li' } });
  });

  it('reads MECARD contacts and tel: links', () => {
    expect(parseContent('MECARD:N:Sato,Hanako;TEL:0312345678;EMAIL:h@example.jp;;')).toEqual({ type: 'vcard', data: { name: 'Hanako Sato', phone: '0312345678', email: 'h@example.jp' } });
    expect(parseContent('TEL:+81-3-1234-5678')).toEqual({ type: 'phone', data: { phone: '+81-3-1234-5678' } });
  });

  it('treats anything else as text, and only http(s) links as URLs', () => {
    expect(parseContent('HTTPS://Example.com/a')).toEqual({ type: 'url', data: { url: 'HTTPS://Example.com/a' } });
    expect(parseContent('ftp://example.com/file')).toEqual({ type: 'text', data: { text: 'ftp://example.com/file' } });
    expect(parseContent('https://example.com/has space')).toEqual({ type: 'text', data: { text: 'https://example.com/has space' } });
    expect(parseContent('WIFI:T:WPA;P:short;;')).toEqual({ type: 'text', data: { text: 'WIFI:T:WPA;P:short;;' } });
    expect(parseContent('mailto:not-an-address')).toEqual({ type: 'text', data: { text: 'mailto:not-an-address' } });
    expect(parseContent('你好')).toEqual({ type: 'text', data: { text: '你好' } });
  });
});
