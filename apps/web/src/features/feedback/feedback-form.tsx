import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_CATEGORIES, FEEDBACK_IMAGES_MAX, FEEDBACK_TEXT_MAX, type FeedbackCategory } from '@xueba/contract';
import { isRequestError } from '@/lib/request';
import { mediaUrl } from '@/lib/media-url';
import { submitFeedback } from './feedback-api';

interface Shot {
  uri: string;
  url: string;
}

/** The report: a category, the text, up to four screenshots (through the image upload), and the page it came from. */
export function FeedbackForm({ page, onSent }: { page: string; onSent: () => void }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<FeedbackCategory | ''>('');
  const [content, setContent] = useState('');
  const [shots, setShots] = useState<Shot[]>([]);
  const [errors, setErrors] = useState<Partial<Record<'category' | 'content' | 'images', string>>>({});
  const [busy, setBusy] = useState(false);

  const addShots = async (files: FileList | null) => {
    if (!files) return;
    const { uploadImage } = await import('@/lib/request/upload');
    for (const file of Array.from(files).slice(0, FEEDBACK_IMAGES_MAX - shots.length)) {
      try {
        const uploaded = await uploadImage(file, { silent: true });
        setShots((list) => (list.length < FEEDBACK_IMAGES_MAX ? [...list, { uri: uploaded.uri, url: uploaded.url }] : list));
        setErrors((e) => ({ ...e, images: undefined }));
      } catch (error) {
        setErrors((e) => ({ ...e, images: isRequestError(error) ? error.message : String(error) }));
      }
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!category) next.category = t('msg.feedback_category_required');
    if (!content.trim()) next.content = t('msg.feedback_content_required');
    setErrors(next);
    if (!category || next.content) return;
    setBusy(true);
    try {
      await submitFeedback({ category, content, images: shots.map((s) => s.uri), page });
      setCategory('');
      setContent('');
      setShots([]);
      onSent();
    } catch (error) {
      if (isRequestError(error)) {
        const field = (error.data as { field?: string } | null)?.field ?? '';
        const key = field.startsWith('images') || error.key?.startsWith('feedback_image') ? 'images' : field === 'category' ? 'category' : 'content';
        setErrors({ [key]: error.message });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="fb-form" onSubmit={submit} noValidate data-testid="feedback-form">
      <h2>{t('feedback.new')}</h2>
      <fieldset className="fb-field">
        <legend>{t('feedback.category')}</legend>
        <div className="fb-cats">
          {FEEDBACK_CATEGORIES.map((c) => (
            <label key={c} className={`fb-cat${category === c ? ' fb-cat--on' : ''}`}>
              <input type="radio" name="category" value={c} checked={category === c} onChange={() => setCategory(c)} data-testid={`feedback-cat-${c}`} />
              {t(`feedback.categories.${c}`)}
            </label>
          ))}
        </div>
        {errors.category && <p className="fb-error" role="alert">{errors.category}</p>}
      </fieldset>
      <div className="fb-field">
        <label htmlFor="fb-content">{t('feedback.content')}</label>
        <textarea id="fb-content" rows={6} value={content} onChange={(e) => setContent(e.target.value)} placeholder={t('feedback.content_placeholder')} data-testid="feedback-content" aria-invalid={Boolean(errors.content)} />
        <span className={`fb-count${content.length > FEEDBACK_TEXT_MAX ? ' fb-count--over' : ''}`}>{t('feedback.count', { count: content.length, max: FEEDBACK_TEXT_MAX })}</span>
        {errors.content && <p className="fb-error" role="alert" data-testid="feedback-content-error">{errors.content}</p>}
      </div>
      <div className="fb-field">
        <span className="fb-label">{t('feedback.screenshots', { max: FEEDBACK_IMAGES_MAX })}</span>
        <div className="fb-shots">
          {shots.map((shot) => (
            <div key={shot.uri} className="fb-shot">
              <img src={mediaUrl(shot.url)} alt="" />
              <button type="button" onClick={() => setShots((list) => list.filter((s) => s.uri !== shot.uri))} aria-label={t('feedback.remove')}>
                ×
              </button>
            </div>
          ))}
          {shots.length < FEEDBACK_IMAGES_MAX && (
            <label className="fb-shot fb-shot--add">
              + {t('feedback.add_screenshot')}
              <input type="file" accept="image/png,image/jpeg,image/webp,image/gif" multiple hidden onChange={(e) => void addShots(e.target.files)} data-testid="feedback-shots" />
            </label>
          )}
        </div>
        {errors.images && <p className="fb-error" role="alert">{errors.images}</p>}
      </div>
      <p className="fb-page">
        {t('feedback.page')}: <code data-testid="feedback-from">{page || t('feedback.page_none')}</code>
      </p>
      <button type="submit" className="fb-btn" disabled={busy} data-testid="feedback-submit">
        {t('feedback.submit')}
      </button>
    </form>
  );
}
