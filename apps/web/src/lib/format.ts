import type { Locale } from '@xueba/contract';
import { HTML_LANG } from './i18n';

/** Session balance is integer cents (architecture §7); shown as money with two decimals. */
export function formatMoney(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(HTML_LANG[locale], { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(cents / 100);
}

export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(HTML_LANG[locale]).format(value);
}

export function formatDate(iso: string, locale: Locale, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(HTML_LANG[locale], withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}
