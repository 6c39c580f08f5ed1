/**
 * The server's clock for time-bound business rules (unpaid orders' payment windows). It is the system
 * clock, except under NODE_ENV=test, where tests move it forward instead of sleeping:
 *   NOW_OFFSET       an offset added to the system time: whole milliseconds, or a number with s, m, h or d
 *                    ("31m", "73h", "-5s");
 *   NOW_OFFSET_FILE  a file holding such an offset, read again when it changes, so a test can move the
 *                    time of servers already running (every server and CLI given the same file agrees).
 * Both are ignored outside NODE_ENV=test.
 */
import fs from 'node:fs';
import { env } from './env.ts';

const UNITS: Record<string, number> = { '': 1, ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses an offset such as "1800000", "31m" or "-2h" into milliseconds; undefined when unreadable. */
export function parseOffset(text: string | undefined): number | undefined {
  const m = /^\s*([+-]?\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text ?? '');
  if (!m) return undefined;
  return Math.round(Number(m[1]) * UNITS[m[2] ?? '']!);
}

let fileCache: { path: string; mtimeMs: number; size: number; offset: number } | undefined;

function fileOffset(file: string): number {
  try {
    const st = fs.statSync(file);
    if (fileCache && fileCache.path === file && fileCache.mtimeMs === st.mtimeMs && fileCache.size === st.size) return fileCache.offset;
    const offset = parseOffset(fs.readFileSync(file, 'utf8')) ?? 0;
    fileCache = { path: file, mtimeMs: st.mtimeMs, size: st.size, offset };
    return offset;
  } catch {
    return 0;
  }
}

/** The test offset in milliseconds (0 outside NODE_ENV=test). */
export function clockOffsetMs(): number {
  // Read by name (env.ts): a bundler does not replace NODE_ENV with the build's mode here.
  if (env('NODE_ENV') !== 'test') return 0;
  const file = env('NOW_OFFSET_FILE');
  return (parseOffset(env('NOW_OFFSET')) ?? 0) + (file ? fileOffset(file) : 0);
}

/** Milliseconds since the epoch on the shop's clock. */
export function nowMs(): number {
  return Date.now() + clockOffsetMs();
}

export function nowIso(): string {
  return new Date(nowMs()).toISOString();
}
