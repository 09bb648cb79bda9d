import { describe, expect, it } from 'vitest';
import { embeddedHost, isEmbedded } from './embedded-host';

describe('embedded-app context', () => {
  it('tells DingTalk, WeCom and WeChat webviews from ordinary browsers', () => {
    expect(embeddedHost('Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Mobile Safari/537.36 AliApp(DingTalk/7.0.40) com.alibaba.android.rimet/12 Channel/2 language/zh-CN DingTalk/7.0.40')).toBe('dingtalk');
    expect(embeddedHost('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.44(0x18002c2e) NetType/WIFI Language/zh_CN')).toBe('wechat');
    expect(embeddedHost('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 wxwork/4.1.10 MicroMessenger/7.0.1 Language/zh')).toBe('wecom');
    expect(embeddedHost('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1')).toBeNull();
    // A page that only mentions the name in a query string does not count: the token needs its version slash.
    expect(embeddedHost('Mozilla/5.0 Chrome/120 DingTalkHelper')).toBeNull();
  });

  it('follows the configuration flag too', () => {
    expect(isEmbedded(true, 'Mozilla/5.0 Chrome/120')).toBe(true);
    expect(isEmbedded(false, 'Mozilla/5.0 Chrome/120')).toBe(false);
  });
});
