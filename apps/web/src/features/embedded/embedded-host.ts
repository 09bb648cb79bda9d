/** The apps that may host this site in their own webview, each showing its own title bar and back button. */
export type EmbeddedHost = 'dingtalk' | 'wechat' | 'wecom';

/**
 * Which host app's webview this page runs in, from the user agent: DingTalk
 * writes `DingTalk/`, WeCom `wxwork/`, WeChat `MicroMessenger/`. The desktop
 * clients say so too; only phones get the tab bar (a CSS width test).
 */
export function embeddedHost(userAgent: string): EmbeddedHost | null {
  if (/\bDingTalk\//i.test(userAgent)) return 'dingtalk';
  if (/\bwxwork\//i.test(userAgent)) return 'wecom';
  if (/\bMicroMessenger\//i.test(userAgent)) return 'wechat';
  return null;
}

/** The configuration's flag (`inDingTalk`, spec §3) or the user agent says the app is embedded. */
export function isEmbedded(configFlag: boolean, userAgent: string = typeof navigator !== 'undefined' ? navigator.userAgent : ''): boolean {
  return configFlag || embeddedHost(userAgent) !== null;
}
