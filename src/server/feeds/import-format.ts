/** The format of a stock file from its name (CLI) or its Content-Type (HTTP); undefined: sniffed from the content. */
import type { FeedFormat } from './feed-reader.ts';

export function formatOf(fileName: string): FeedFormat | undefined {
  if (/\.(jsonl|ndjson)$/i.test(fileName)) return 'jsonl';
  if (/\.(csv|tsv|txt)$/i.test(fileName)) return 'csv';
  return undefined;
}

const TYPES: Record<string, FeedFormat> = {
  'text/csv': 'csv',
  'text/tab-separated-values': 'csv',
  'text/plain': 'csv',
  'application/x-ndjson': 'jsonl',
  'application/jsonl': 'jsonl',
  'application/json-lines': 'jsonl',
};

/** The format a Content-Type names, null when it names neither CSV nor JSON Lines. */
export function formatOfContentType(contentType: string | null): FeedFormat | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return TYPES[type] ?? null;
}
