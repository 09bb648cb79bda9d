import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GROUP_KEYS, MESSAGE_GROUPS, type MessageGroup } from '@/locales/groups';

/**
 * The feature message groups load with their pages (locales/groups.ts), so a
 * page that shows a key of a group it does not list would flash the raw key
 * until the fallback loads it. This test reads the source: every file a page
 * reaches through its imports (static and lazy) is scanned for message keys,
 * and the page's `messages` must list exactly the groups they need; the shell
 * (everything the entry reaches without a page) may use no group at all.
 */
const src = join(import.meta.dirname, '..');
const groupOfTop = new Map<string, MessageGroup>(MESSAGE_GROUPS.flatMap((g) => GROUP_KEYS[g].map((k) => [k, g] as const)));
const keyLiteral = new RegExp(`['"\`](${[...groupOfTop.keys()].join('|')})\\.`, 'g');

function resolveImport(spec: string, from: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/')) base = join(src, spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

interface Parsed {
  imports: string[];
  /** Lazy imports wrapped in withMessages: the module is checked against the groups listed there. */
  wrapped: { file: string; groups: MessageGroup[] }[];
  groups: Set<MessageGroup>;
}

const routesFile = join(src, 'app', 'routes.ts');
const cache = new Map<string, Parsed>();
function parse(file: string): Parsed {
  const hit = cache.get(file);
  if (hit) return hit;
  const text = readFileSync(file, 'utf8');
  const imports: string[] = [];
  const wrapped: Parsed['wrapped'] = [];
  for (const line of text.split('\n')) {
    const wrap = /withMessages\(\[([^\]]*)\],\s*\(\)\s*=>\s*import\(['"]([^'"]+)['"]\)/.exec(line);
    if (wrap) {
      const target = resolveImport(wrap[2] ?? '', file);
      const groups = [...(wrap[1] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1] as MessageGroup);
      if (target) wrapped.push({ file: target, groups });
      continue;
    }
    for (const m of line.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)['"]([^'"]+)['"]/g)) {
      const target = resolveImport(m[1] ?? '', file);
      // The group loaders themselves and the message files are not pages' code.
      if (target && !target.includes(`${join('src', 'locales')}`)) imports.push(target);
    }
  }
  const groups = new Set<MessageGroup>();
  for (const m of text.matchAll(keyLiteral)) groups.add(groupOfTop.get(m[1] ?? '')!);
  const parsed = { imports, wrapped, groups };
  cache.set(file, parsed);
  return parsed;
}

/** Files reachable from `entry`, stopping at `stop` (files checked elsewhere). */
function closure(entry: string, stop: Set<string> = new Set(), skip: (from: string, to: string) => boolean = () => false) {
  const seen = new Set<string>();
  const wrapped: Parsed['wrapped'] = [];
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || stop.has(file)) continue;
    seen.add(file);
    const parsed = parse(file);
    wrapped.push(...parsed.wrapped);
    for (const next of parsed.imports) if (!skip(file, next)) queue.push(next);
  }
  return { files: seen, wrapped };
}

function groupsUsed(files: Iterable<string>): Map<MessageGroup, string[]> {
  const used = new Map<MessageGroup, string[]>();
  // The route table's titles are read once the page and its groups have loaded: each counts for its own page below.
  for (const file of files) if (file !== routesFile) for (const g of parse(file).groups) used.set(g, [...(used.get(g) ?? []), file.slice(src.length + 1)]);
  return used;
}

const routeLines = readFileSync(routesFile, 'utf8')
  .split('\n')
  .filter((line) => /\{ path: '/.test(line) && line.includes('load: () => import('));
const pages = routeLines.map((line) => ({
  path: /path: '([^']+)'/.exec(line)?.[1] ?? '',
  /** Groups of the document title and description keys. */
  titleGroups: [...line.matchAll(/(?:title|description): '(\w+)\./g)].flatMap((m) => (groupOfTop.has(m[1] ?? '') ? [groupOfTop.get(m[1] ?? '')!] : [])),
  page: resolveImport(/import\('([^']+)'\)/.exec(line)?.[1] ?? '', routesFile) ?? '',
  messages: [...(/messages: \[([^\]]*)\]/.exec(line)?.[1] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1] as MessageGroup),
}));

// The shell: what the entry reaches without following the route table's page imports.
const shell = closure(join(src, 'main.tsx'), new Set(), (from) => from === routesFile);

describe('message groups load with the pages that show them', () => {
  it('finds the pages and the shell', () => {
    expect(pages.length).toBeGreaterThan(50);
    for (const p of pages) expect(p.page, p.path).not.toBe('');
    expect(shell.files.size).toBeGreaterThan(30);
  });

  it('the shell (layouts, header, footer, popups) uses no lazily loaded group', () => {
    const used = groupsUsed(shell.files);
    expect(Object.fromEntries(used)).toEqual({});
  });

  it('every page lists exactly the groups its code shows', () => {
    const wrong: string[] = [];
    for (const p of pages) {
      const { files } = closure(p.page, shell.files);
      const used = groupsUsed(files);
      for (const g of p.titleGroups) used.set(g, [...(used.get(g) ?? []), 'app/routes.ts (title)']);
      const missing = [...used.keys()].filter((g) => !p.messages.includes(g));
      const unused = p.messages.filter((g) => !used.has(g));
      if (missing.length) wrong.push(`${p.path}: add messages ${JSON.stringify(missing)} (used in ${missing.map((g) => used.get(g)?.[0]).join(', ')})`);
      if (unused.length) wrong.push(`${p.path}: remove messages ${JSON.stringify(unused)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every withMessages(...) lazy module lists the groups it shows', () => {
    const wrong: string[] = [];
    const all = [...shell.wrapped, ...pages.flatMap((p) => closure(p.page, shell.files).wrapped)];
    for (const { file, groups } of all) {
      const used = groupsUsed(closure(file, shell.files).files);
      const missing = [...used.keys()].filter((g) => !groups.includes(g));
      if (missing.length) wrong.push(`${file.slice(src.length + 1)}: add ${JSON.stringify(missing)}`);
    }
    expect(wrong).toEqual([]);
  });
});
