import { useCallback, useEffect, useState } from 'react';
import { HTML_LANG } from '@/lib/i18n';
import { useLocale } from '@/hooks/use-locale';

/** Markdown and LaTeX symbols read aloud are noise; the words are what the listener wants. */
export function speakable(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\$\$[\s\S]*?\$\$/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`|~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Reads one answer at a time with the browser's speech synthesis (config `voice.voice_broadcast.is_open`). */
export function useSpeech() {
  const locale = useLocale();
  const [speaking, setSpeaking] = useState<string | null>(null);
  const supported = typeof window !== 'undefined' && 'speechSynthesis' in window;

  useEffect(() => () => void (supported && window.speechSynthesis.cancel()), [supported]);

  const toggle = useCallback(
    (key: string, text: string) => {
      if (!supported) return;
      window.speechSynthesis.cancel();
      if (speaking === key) {
        setSpeaking(null);
        return;
      }
      const utterance = new SpeechSynthesisUtterance(speakable(text));
      utterance.lang = HTML_LANG[locale];
      utterance.onend = () => setSpeaking((current) => (current === key ? null : current));
      utterance.onerror = utterance.onend;
      setSpeaking(key);
      window.speechSynthesis.speak(utterance);
    },
    [locale, speaking, supported],
  );

  return { supported, speaking, toggle };
}
