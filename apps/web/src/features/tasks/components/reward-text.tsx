import type { Reward } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/hooks/use-locale';
import { formatCount } from '@/lib/format';

/** "+500 words · +2 conversations", or nothing when the reward is empty. */
export function useRewardText(): (reward: Reward) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (r) =>
    [
      r.conversation_count > 0 && t('commerce.conversations', { count: formatCount(r.conversation_count, locale) }),
      r.word_count > 0 && t('commerce.words', { count: formatCount(r.word_count, locale) }),
      r.drawing_count > 0 && t('commerce.drawings', { count: formatCount(r.drawing_count, locale) }),
    ]
      .filter((x): x is string => Boolean(x))
      .map((x) => `+${x}`)
      .join(' · ');
}
