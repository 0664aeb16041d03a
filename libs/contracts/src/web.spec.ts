import { readFileSync } from 'node:fs';
import * as web from './web.js';

/** The modules a file imports or re-exports as values (type-only imports and exports vanish when compiled). */
function valueImports(file: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8');
  return [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]!);
}

function reachable(file: string, seen = new Set<string>()): Set<string> {
  for (const target of valueImports(file)) {
    const name = target.startsWith('.') ? target.replace(/\.js$/, '.ts') : target;
    if (seen.has(name)) continue;
    seen.add(name);
    if (name.startsWith('.')) reachable(name, seen);
  }
  return seen;
}

describe('the zod-free web entry', () => {
  it('reaches neither zod nor a module that builds schemas', () => {
    const modules = reachable('./web.ts');
    expect(modules.has('./articles.constants.ts')).toBe(true);
    expect([...modules].filter((m) => m === 'zod' || m === './zod.ts' || valueImports(m.startsWith('.') ? m : './web.ts').includes('./zod.js'))).toEqual([]);
  });

  it('offers the constants and helpers the public site uses, and no schema', () => {
    expect(web.NEXT_CURSOR_HEADER).toBe('x-next-cursor');
    expect(web.COMMENT_NAME_MAX).toBe(80);
    expect(web.COOKIE_BANNER_DELAY_MS).toBe(1000);
    expect(typeof web.articleMeta).toBe('function');
    expect(Object.keys(web).filter((name) => name.endsWith('Schema'))).toEqual([]);
  });
});

describe('hand-written en-US formats of the web entry', () => {
  it('match Intl for every month, both forms, and for whole counts of any size or sign', () => {
    const { formatCount, formatLongDate, formatShortDate } = web;
    const intlDate = (month: 'short' | 'long') => new Intl.DateTimeFormat('en-US', { month, day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (let month = 0; month < 12; month += 1) {
      const iso = new Date(Date.UTC(2025, month, month + 1, 23, 30)).toISOString();
      expect(formatShortDate(iso)).toBe(intlDate('short').format(new Date(iso)));
      expect(formatLongDate(iso)).toBe(intlDate('long').format(new Date(iso)));
    }
    for (const value of [0, 7, 999, 1000, 65536, -1234, 1234567890, 2.5]) expect(formatCount(value)).toBe(new Intl.NumberFormat('en-US').format(value));
    expect(() => formatShortDate('not a date')).toThrow(RangeError);
  });
});
