import QRCode from 'qrcode';
import type { Locale } from '@xueba/contract';

const TEXTS: Record<Locale, { subtitle: string; scan: string }> = {
  zh: { subtitle: '科研与学习的 AI 助手', scan: '扫码注册，领取新人奖励' },
  en: { subtitle: 'The AI assistant for research and study', scan: 'Scan to sign up and get a welcome reward' },
  ja: { subtitle: '研究と学習のための AI アシスタント', scan: 'スキャンして登録し、特典を受け取る' },
  ko: { subtitle: '연구와 학습을 위한 AI 도우미', scan: '스캔하여 가입하고 신규 보상 받기' },
};

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/**
 * The promoter's poster: an SVG (a real image any browser shows and saves,
 * no native image library needed) with the invitation link as a QR code made
 * here on the server, plus the link in text for those who cannot scan.
 */
export function posterSvg(input: { link: string; nickname: string; siteName: string; locale: Locale }): string {
  const { link, nickname } = input;
  const t = { ...TEXTS[input.locale], title: input.siteName };
  const qr = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const box = 360;
  const cell = box / (size + 8);
  const left = (600 - box) / 2;
  const top = 330;
  let path = '';
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if (qr.modules.get(x, y)) path += `M${(left + (x + 4) * cell).toFixed(2)} ${(top + (y + 4) * cell).toFixed(2)}h${cell.toFixed(2)}v${cell.toFixed(2)}h-${cell.toFixed(2)}z`;
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900" viewBox="0 0 600 900" role="img" aria-label="${escapeXml(t.title)}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b5bfd"/><stop offset="1" stop-color="#7c4dff"/></linearGradient></defs>
  <rect width="600" height="900" fill="url(#bg)"/>
  <text x="300" y="130" text-anchor="middle" font-family="sans-serif" font-size="56" font-weight="700" fill="#ffffff">${escapeXml(t.title)}</text>
  <text x="300" y="190" text-anchor="middle" font-family="sans-serif" font-size="26" fill="#e8ebff">${escapeXml(t.subtitle)}</text>
  <text x="300" y="275" text-anchor="middle" font-family="sans-serif" font-size="24" fill="#ffffff">${escapeXml(nickname)}</text>
  <rect x="${left - 10}" y="${top - 10}" width="${box + 20}" height="${box + 20}" rx="18" fill="#ffffff"/>
  <path d="${path}" fill="#111111"/>
  <text x="300" y="${top + box + 70}" text-anchor="middle" font-family="sans-serif" font-size="26" fill="#ffffff">${escapeXml(t.scan)}</text>
  <text x="300" y="${top + box + 110}" text-anchor="middle" font-family="monospace" font-size="16" fill="#dfe3ff">${escapeXml(link)}</text>
</svg>
`;
}
