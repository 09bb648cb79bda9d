import { describe, expect, it } from 'vitest';
import { withoutLeadingTitle } from './leading-title';

describe('withoutLeadingTitle', () => {
  it('drops a first heading that repeats the title', () => {
    expect(withoutLeadingTitle('<h2>用户协议</h2><p>欢迎</p>', '用户协议')).toBe('<p>欢迎</p>');
    expect(withoutLeadingTitle('  <h1 class="x"><b>Terms</b></h1><p>a</p>', 'Terms')).toBe('<p>a</p>');
  });

  it('keeps a first heading with other text, and later headings', () => {
    expect(withoutLeadingTitle('<h2>Accounts</h2><p>a</p>', 'Terms')).toBe('<h2>Accounts</h2><p>a</p>');
    expect(withoutLeadingTitle('<p>a</p><h2>Terms</h2>', 'Terms')).toBe('<p>a</p><h2>Terms</h2>');
  });
});
