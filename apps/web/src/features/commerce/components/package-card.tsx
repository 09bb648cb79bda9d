import type { Package } from '@xueba/contract';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/components/locale-link';
import { useLocale } from '@/hooks/use-locale';
import { formatCount, formatMoney } from '@/lib/format';
import { packageBenefits } from './package-benefits';

/** Words as the cards show them: "10 万字" in CJK, "100,000 words" in English. */
export function useWordLabel(): (pkg: Pick<Package, 'word_count' | 'word_count_wan'>) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (pkg) => (locale === 'en' ? t('commerce.words', { count: formatCount(pkg.word_count, locale) }) : t('commerce.word_package', { count: formatCount(pkg.word_count_wan, locale) }));
}

/** "1 month", "12 months" or "permanent"; recharge packages have no validity. */
export function useValidityLabel(): (pkg: Pick<Package, 'months'>) => string {
  const { t } = useTranslation();
  return (pkg) => (pkg.months === null ? '' : pkg.months === 0 ? t('commerce.permanent') : t('commerce.months', { count: pkg.months }));
}

/** What a package grants besides the membership itself, and what it gives on top. */
export function PackageGrants({ pkg }: { pkg: Package }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const wordLabel = useWordLabel();
  const includes = [
    pkg.word_count > 0 && wordLabel(pkg),
    pkg.conversation_count > 0 && t('commerce.conversations', { count: formatCount(pkg.conversation_count, locale) }),
    pkg.drawing_count > 0 && t('commerce.drawings', { count: formatCount(pkg.drawing_count, locale) }),
  ].filter((x): x is string => Boolean(x));
  const gifts = [
    pkg.gift_conversation_count > 0 && t('commerce.conversations', { count: formatCount(pkg.gift_conversation_count, locale) }),
    pkg.gift_word_count > 0 && t('commerce.words', { count: formatCount(pkg.gift_word_count, locale) }),
    pkg.gift_drawing_count > 0 && t('commerce.drawings', { count: formatCount(pkg.gift_drawing_count, locale) }),
  ].filter((x): x is string => Boolean(x));
  const benefits = packageBenefits(pkg, (type, n) =>
    type === 3 ? t('commerce.words', { count: formatCount(n, locale) }) : type === 4 ? t('commerce.drawings', { count: formatCount(n, locale) }) : formatCount(n, locale),
  );
  return (
    <ul className="pkg-card__grants">
      {includes.length > 0 && (
        <li>
          <span className="muted">{t('commerce.includes')}</span> {includes.join(' · ')}
        </li>
      )}
      {gifts.length > 0 && (
        <li className="pkg-card__gift">
          <span className="tag tag--gold">{t('commerce.gifts')}</span> {gifts.join(' · ')}
        </li>
      )}
      {benefits.map((b, i) => (
        <li key={i}>
          <span className="tag">{t(`commerce.benefit_type_${b.type}`)}</span> {b.text}
        </li>
      ))}
      {pkg.invoice && <li className="muted small">{t('commerce.invoice')}</li>}
    </ul>
  );
}

/** One package on sale: name, price against the original, what it grants, and the buy button (none while `onBuy` is null). */
export function PackageCard({ pkg, onBuy, buyLabel, detailLink = false }: { pkg: Package; onBuy: ((pkg: Package) => void) | null; buyLabel?: string; detailLink?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const validity = useValidityLabel();
  const wordLabel = useWordLabel();
  const title = pkg.type === 'recharge' && !pkg.name ? wordLabel(pkg) : pkg.name;
  const discount = pkg.original_price > pkg.price;
  return (
    <article className={`pkg-card${pkg.recommended ? ' pkg-card--recommended' : ''}`} data-testid={`package-${pkg.id}`}>
      {pkg.recommended && <span className="pkg-card__badge">{t('commerce.recommended')}</span>}
      <header className="pkg-card__head">
        <h3 className="pkg-card__name">{title}</h3>
        {pkg.type === 'member' && (
          <p className="pkg-card__meta">
            {pkg.level && <span className="tag tag--gold">{pkg.level === 'bvip' ? 'B-VIP' : 'VIP'}</span>} {validity(pkg)}
          </p>
        )}
      </header>
      <p className="pkg-card__price">
        <strong data-testid="package-price">{formatMoney(pkg.price, locale)}</strong>
        {discount && (
          <span className="pkg-card__original">
            <span className="sr-only">{t('commerce.original_price')}</span>
            <s>{formatMoney(pkg.original_price, locale)}</s>
          </span>
        )}
      </p>
      {discount && <p className="pkg-card__save">{t('commerce.save', { amount: formatMoney(pkg.original_price - pkg.price, locale) })}</p>}
      {pkg.description && <p className="pkg-card__desc muted">{pkg.description}</p>}
      <PackageGrants pkg={pkg} />
      <div className="pkg-card__actions">
        {onBuy && (
          <button type="button" className={`btn btn--block ${pkg.recommended ? 'btn--primary' : 'btn--outline'}`} onClick={() => onBuy(pkg)} data-testid={`buy-${pkg.id}`}>
            {buyLabel ?? t('commerce.buy')}
          </button>
        )}
        {detailLink && (
          <LocaleLink to={`/openvip/${pkg.id}`} className="link-btn small">
            {t('commerce.details')}
          </LocaleLink>
        )}
      </div>
    </article>
  );
}
