/** The JavaScript budget's arithmetic: what counts against a page and when it fails (more than 10% over, or over at all where a limit is exact). */
import { describe, expect, it } from 'vitest';
import { judge, KB, type PageJs } from '../support/pages.ts';

const js = (...scripts: [string, number][]): PageJs => ({
  status: 200,
  scripts: scripts.map(([url, gzip]) => ({ url, gzip })),
  gzip: scripts.reduce((n, [, g]) => n + g, 0),
});
const shell = js(['/_astro/shell.js', 5 * KB], ['(inline abc)', 100]);

describe('JavaScript budget', () => {
  it('counts only what a content page loads beyond the shell', () => {
    expect(
      judge(
        { name: 'content', path: '/about-us', kind: 'shell' },
        js(['/_astro/shell.js', 5 * KB], ['(inline abc)', 100], ['/_astro/island.js', 16 * KB]),
        shell,
      ),
    ).toEqual({ budget: 15 * KB, measured: 16 * KB, over: false });
    expect(judge({ name: 'content', path: '/about-us', kind: 'shell' }, js(['/_astro/shell.js', 5 * KB], ['/_astro/island.js', 17 * KB]), shell).over).toBe(
      true,
    );
  });

  it('holds the diamond listing to 90 KB in all, with no grace (issue 17)', () => {
    const listing = { name: 'diamond listing', path: '/diamonds', kind: 'diamond-listing', exact: true } as const;
    expect(judge(listing, js(['/_astro/shell.js', 5 * KB], ['/_astro/filters.js', 85 * KB]), shell)).toEqual({
      budget: 90 * KB,
      measured: 90 * KB,
      over: false,
    });
    expect(judge(listing, js(['/_astro/shell.js', 5 * KB], ['/_astro/filters.js', 85 * KB + 1]), shell).over).toBe(true);
  });

  it('holds the comparison to 15 KB beyond the shell, with no grace (issue 17)', () => {
    const compare = { name: 'diamond compare', path: '/diamonds/compare?ids=1,2', kind: 'shell', exact: true } as const;
    expect(judge(compare, js(['/_astro/shell.js', 5 * KB], ['/_astro/compare.js', 15 * KB]), shell).over).toBe(false);
    expect(judge(compare, js(['/_astro/shell.js', 5 * KB], ['/_astro/compare.js', 15 * KB + 1]), shell).over).toBe(true);
  });

  it('holds the detail pages to 25 KB in all, with 10% grace', () => {
    const detail = { name: 'diamond detail', path: '/diamonds/1', kind: 'detail' } as const;
    expect(judge(detail, js(['/_astro/shell.js', 5 * KB], ['/_astro/forms.js', 22 * KB]), shell)).toEqual({ budget: 25 * KB, measured: 27 * KB, over: false });
    expect(judge(detail, js(['/_astro/shell.js', 5 * KB], ['/_astro/forms.js', 23 * KB]), shell).over).toBe(true);
  });

  it('passes a placeholder that loads only the shell', () => {
    expect(judge({ name: 'diamond detail', path: '/diamonds/1', kind: 'other' }, shell, shell).over).toBe(false);
  });
});
