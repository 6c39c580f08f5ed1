/**
 * Reads a stock file as it streams in, row by row, without holding more than a row or two:
 * - CSV with a header row; the delimiter (comma, semicolon or tab) is the one the header uses most;
 *   quoted fields with doubled quotes and line breaks inside quotes; UTF-8 with or without a BOM;
 * - JSON Lines: one object per line, its keys the same column names as a CSV header.
 * Each record carries the line it starts on, as an editor would find it.
 * A line (a CSV record) longer than MAX_LINE_CHARS (64 KB, far beyond any real stock row) is refused as
 * soon as it passes the limit, never read whole: a JSON line is skipped and reported, a CSV record stops
 * the file with a FeedFormatError naming its line (a CSV reader cannot find the next record for sure).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { FeedHeaderError, fieldOf, mapHeader, type FeedField } from './feed-columns.ts';
import type { RawRow } from './feed-row.ts';

export type FeedFormat = 'csv' | 'jsonl';

export interface FeedRecord {
  line: number;
  raw: RawRow;
  /** Set when the line could not be read at all (JSON Lines: not an object). */
  error?: string;
}

export class FeedFormatError extends Error {}

export const MAX_LINE_CHARS = 64 * 1024;
const TOO_LONG = `the line is longer than ${MAX_LINE_CHARS.toLocaleString('en-US')} characters`;

type Source = AsyncIterable<Uint8Array | string>;

/** Decodes the source and returns its first line (for sniffing) and the whole text stream again. */
async function peek(source: Source): Promise<{ head: string; text: AsyncGenerator<string> }> {
  const decoder = new TextDecoder('utf-8');
  const iterator = source[Symbol.asyncIterator]();
  let head = '';
  const buffered: string[] = [];
  while (!head.includes('\n')) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = typeof next.value === 'string' ? next.value : decoder.decode(next.value, { stream: true });
    buffered.push(chunk);
    head += chunk;
    if (head.length > MAX_LINE_CHARS) break;
  }
  async function* text(): AsyncGenerator<string> {
    yield* buffered;
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      yield typeof next.value === 'string' ? next.value : decoder.decode(next.value, { stream: true });
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  }
  return { head: head.replace(/^\uFEFF/, ''), text: text() };
}

/** The delimiter the header line uses most, outside quotes. */
export function detectDelimiter(headerLine: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of headerLine.split(/\r?\n/)[0]!) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  const best = (Object.entries(counts) as [',' | ';' | '\t', number][]).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > 0 ? best[0] : ',';
}

/** Told the header's column names the shop does not read (JSON Lines: the first object's keys), once. */
export type OnUnknownColumns = (names: string[]) => void;

export async function* readFeed(source: Source, format?: FeedFormat, onUnknown?: OnUnknownColumns): AsyncGenerator<FeedRecord> {
  const { head, text } = await peek(source);
  if (!head.trim()) throw new FeedFormatError('The file is empty');
  const kind = format ?? (head.trimStart().startsWith('{') ? 'jsonl' : 'csv');
  yield* kind === 'jsonl' ? readJsonLines(text, onUnknown) : readCsv(text, detectDelimiter(head), onUnknown);
}

async function* readCsv(text: AsyncGenerator<string>, delimiter: string, onUnknown?: OnUnknownColumns): AsyncGenerator<FeedRecord> {
  const parser = parse({
    delimiter,
    bom: true,
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_LINE_CHARS,
  });
  // A failing source (a body over its limit, a dropped connection) destroys the parser: its error surfaces below.
  pipeline(Readable.from(text), parser).catch(() => undefined);
  let columns: [FeedField, number][] | undefined;
  // csv-parse counts a CR LF inside quotes as two lines; what it over-counts so far is taken off again.
  let overCounted = 0;
  let lastLine = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      let breaks = 0;
      for (const field of record) {
        if (!field.includes('\n') && !field.includes('\r')) continue;
        overCounted += field.split('\r\n').length - 1;
        breaks += field.split(/\r\n|\r|\n/).length - 1;
      }
      lastLine = info.lines - overCounted;
      const line = lastLine - breaks;
      if (!columns) {
        const header = mapHeader(record);
        if (header.missing.length) throw new FeedHeaderError(header.missing);
        onUnknown?.(header.unknown);
        columns = Object.entries(header.columns) as [FeedField, number][];
        continue;
      }
      const raw: RawRow = {};
      for (const [field, i] of columns) raw[field] = record[i];
      yield { line, raw };
    }
  } catch (error) {
    if (error instanceof FeedHeaderError) throw error;
    const e = error as { code?: string; lines?: number; message?: string };
    if (e.code === 'CSV_MAX_RECORD_SIZE') throw new FeedFormatError(`The CSV cannot be read at line ${e.lines ?? lastLine + 1}: ${TOO_LONG}`);
    if (e.code?.startsWith('CSV_')) throw new FeedFormatError(`The CSV cannot be read at line ${e.lines ?? lastLine + 1}: ${e.message}`);
    throw error;
  }
  if (!columns) throw new FeedFormatError('The file is empty');
}

/** The lines of the text; a line past MAX_LINE_CHARS is dropped as it streams in and given as `null`. */
async function* lines(text: AsyncGenerator<string>): AsyncGenerator<string | null> {
  let rest = '';
  let overlong = false;
  for await (const chunk of text) {
    let at = 0;
    for (;;) {
      const end = chunk.indexOf('\n', at);
      const piece = chunk.slice(at, end < 0 ? undefined : end);
      if (!overlong) {
        rest += piece;
        if (rest.length > MAX_LINE_CHARS) {
          overlong = true;
          rest = '';
        }
      }
      if (end < 0) break;
      yield overlong ? null : rest;
      rest = '';
      overlong = false;
      at = end + 1;
    }
  }
  if (overlong) yield null;
  else if (rest) yield rest;
}

async function* readJsonLines(text: AsyncGenerator<string>, onUnknown?: OnUnknownColumns): AsyncGenerator<FeedRecord> {
  let line = 0;
  let checked = false;
  const keys = new Map<string, FeedField | undefined>();
  for await (const content of lines(text)) {
    line++;
    if (content === null) {
      yield { line, raw: {}, error: TOO_LONG };
      continue;
    }
    const trimmed = content.replace(/^\uFEFF/, '').trim();
    if (!trimmed) continue;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      value = undefined;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      yield { line, raw: {}, error: 'the line is not a JSON object' };
      continue;
    }
    const raw: RawRow = {};
    for (const [key, v] of Object.entries(value)) {
      if (!keys.has(key)) keys.set(key, fieldOf(key));
      const field = keys.get(key);
      if (field && raw[field] === undefined && v !== null && v !== undefined) raw[field] = typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
    if (!checked) {
      const header = mapHeader(Object.keys(value));
      if (header.missing.length) throw new FeedHeaderError(header.missing);
      onUnknown?.(header.unknown);
      checked = true;
    }
    yield { line, raw };
  }
  if (!checked) throw new FeedFormatError('The file has no JSON object');
}
