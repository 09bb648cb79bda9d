import { mediaUrl } from '@/lib/media-url';

/** A skill's uploaded picture, else its emoji; decorative (the name is always shown beside it). */
export function SkillIcon({ emoji, url, size = 'md' }: { emoji: string; url: string | null; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className={`skill-icon skill-icon--${size}`} aria-hidden="true">
      {url ? <img src={mediaUrl(url)} alt="" loading="lazy" /> : emoji}
    </span>
  );
}
