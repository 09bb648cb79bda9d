import { LOCALES, MESSAGES } from '@xueba/contract';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@xueba/contract';
import { en } from './en';
import { GROUP_LOADERS, MESSAGE_GROUPS } from './groups';
import { ja } from './ja';
import { ko } from './ko';
import { zh as zhCore } from './zh';

/** Flattens nested messages to dotted keys. */
function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, value);
  return out;
}

/** Deep merge, as i18next's addResourceBundle(…, deep) merges a group into the bundle. */
function merge(into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(from)) {
    const there = into[key];
    into[key] = value && typeof value === 'object' && there && typeof there === 'object' ? merge({ ...(there as Record<string, unknown>) }, value as Record<string, unknown>) : value;
  }
  return into;
}

/** Each language whole: the first-screen bundle with every lazily loaded group. */
async function whole(locale: Locale, core: object): Promise<Record<string, unknown>> {
  let out: Record<string, unknown> = { ...core };
  const first = flatten(core);
  for (const group of MESSAGE_GROUPS) {
    const part = (await GROUP_LOADERS[group][locale]()) as Record<string, unknown>;
    // A group adds keys; one that redefined a first-screen key would hide it until it loads.
    for (const key of flatten(part).keys()) expect(first.has(key), `${locale}: ${group} redefines ${key}`).toBe(false);
    out = merge(out, part);
  }
  return out;
}

const bundles: Record<string, unknown> = { zh: await whole('zh', zhCore), en: await whole('en', en), ja: await whole('ja', ja), ko: await whole('ko', ko) };
const zh = bundles.zh as Record<string, unknown>;

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();

const source = flatten(zh);
// jsdom gives import.meta.url an http scheme; the runner's dirname is the file system path.
const srcDir = join(import.meta.dirname, '..') + '/';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !full.includes(`${join('src', 'locales')}`) ? [full] : [];
  });
}

describe('i18n completeness', () => {
  it('has a bundle for every locale', () => {
    expect(Object.keys(bundles).sort()).toEqual([...LOCALES].sort());
  });

  for (const locale of LOCALES) {
    it(`${locale}: every key of the Chinese source exists, is a non-empty string and keeps placeholders`, () => {
      const flat = flatten(bundles[locale]);
      const missing = [...source.keys()].filter((k) => typeof flat.get(k) !== 'string' || String(flat.get(k)).trim() === '');
      const extra = [...flat.keys()].filter((k) => !source.has(k));
      expect(missing, `missing or empty in ${locale}`).toEqual([]);
      expect(extra, `unknown keys in ${locale}`).toEqual([]);
      for (const [key, text] of source) {
        const other = String(flat.get(key));
        expect(placeholders(other), `${locale}.${key} placeholders`).toEqual(placeholders(String(text)));
        expect(tags(other), `${locale}.${key} markup`).toEqual(tags(String(text)));
      }
    });
  }

  it('merges the whole server-message table of the contract into every locale', () => {
    for (const locale of LOCALES) {
      const flat = flatten(bundles[locale]);
      for (const key of Object.keys(MESSAGES)) expect(flat.get(`msg.${key}`), `${locale} msg.${key}`).toBeTruthy();
    }
    expect(flatten(en).get('msg.account_locked')).toBe('Too many wrong passwords, try again in {{minutes}} minutes');
  });

  it("every t('key') and every quoted 'namespace.key' literal in the source exists", () => {
    const namespaces = Object.keys(zh).join('|');
    const literal = new RegExp(`['"\`]((?:${namespaces})\\.[A-Za-z0-9_.]+)['"\`]`, 'g');
    const call = /\bt\(\s*['"]([^'"]+)['"]/g;
    const unknown: string[] = [];
    let scanned = 0;
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const re of [call, literal]) {
        for (const match of text.matchAll(re)) {
          const key = match[1] ?? '';
          scanned++;
          // i18nKey props and t() calls alike; keys ending in '.' are template prefixes (`t(\`home.cap.${k}\`)`).
          if (!key.endsWith('.') && !source.has(key)) unknown.push(`${file.slice(srcDir.length)}: ${key}`);
        }
      }
    }
    expect(scanned).toBeGreaterThan(100);
    expect(unknown).toEqual([]);
  });
});
