/**
 * The JavaScript budget, on the phone-sized project: the home and content pages load at most
 * 15 KB (gzip) beyond the shell's shared script, the diamond and product detail pages at most 25 KB in
 * all; such a page fails when it is more than 10% over. the limits have no grace: the
 * diamond listing, grid and table, at most 90 KB in all (92,160 B), the comparison of 4 stones at most
 * 15 KB beyond the shell. Pages are discovered (tests/support/pages.ts), so listings and details are
 * measured as soon as they exist; a placeholder or 404 is measured like any page. `npm run bench:pages`
 * prints the same figures with Lighthouse's.
 */
import { expect, test } from '@playwright/test';
import { discoverPages, judge, pageJavaScript, SHELL_PATH } from '../support/pages.ts';

test('every measured page stays within its JavaScript budget @mobile', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const notes: string[] = [];
  const pages = await discoverPages(baseURL!, notes);
  const shell = await pageJavaScript(browser, baseURL + SHELL_PATH);
  expect(shell.gzip, 'the shell loads its script').toBeGreaterThan(0);
  const over: string[] = [];
  const lines = [`shell (${SHELL_PATH}): ${shell.gzip} B gzip`];
  for (const page of pages) {
    const js = await pageJavaScript(browser, baseURL + page.path);
    const verdict = judge(page, js, shell);
    lines.push(`${page.name} ${page.path} [${js.status}]: ${js.gzip} B total, measured ${verdict.measured} B against ${verdict.budget ?? 'no'} budget`);
    if (verdict.over) over.push(`${page.name} (${page.path}): ${verdict.measured} B > ${verdict.budget} B${page.exact ? '' : ' + 10%'}`);
  }
  console.log([...lines, ...notes].join('\n'));
  expect(over).toEqual([]);
});
