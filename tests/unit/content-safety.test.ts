/**
 * Editors' Markdown reaches the page as HTML, raw HTML included (Astro's Markdown renderer passes it
 * through). The page's Content-Security-Policy stops script that gets in (tests/e2e/security.spec.ts);
 * this check keeps executable markup out of the pages we ship in the first place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../../src/content/pages');
const EXECUTABLE = [/<script\b/i, /<iframe\b/i, /<object\b/i, /<embed\b/i, /\son[a-z]+\s*=/i, /javascript:/i, /<style\b/i, /\sstyle\s*=/i];

describe('content pages', () => {
  it.each(fs.readdirSync(dir).filter((f) => f.endsWith('.md')))('%s carries no executable or inline-styled markup', (file) => {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    expect(EXECUTABLE.filter((pattern) => pattern.test(text)).map(String)).toEqual([]);
  });
});
