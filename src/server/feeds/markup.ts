/** The markup bands an import applies: a `--markup` file when given, else shop.json's `diamond_markup`, else ×1. */
import fs from 'node:fs';
import { markupSchema, type Markup } from '~/features/diamonds/markup.schema.ts';
import { formatPath, shopConfig } from '~/server/shop/shop-config.ts';

export class MarkupFileError extends Error {}

/** Reads a markup file: a JSON list of bands, or an object with a `diamond_markup` list. */
export function readMarkupFile(file: string): Markup {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new MarkupFileError(`The markup file ${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseMarkup(text, `The markup file ${file}`, file);
}

/**
 * Markup bands written as JSON (a list of bands, or an object with a `diamond_markup` list), from a file
 * or the back office's upload form; `what` names it in the error and `where` starts each band's message.
 */
export function parseMarkup(text: string, what = 'The markup', where = 'markup'): Markup {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new MarkupFileError(`${what} cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const list =
    data && typeof data === 'object' && !Array.isArray(data) && 'diamond_markup' in data ? (data as { diamond_markup: unknown }).diamond_markup : data;
  const result = markupSchema.safeParse(list);
  if (!result.success) {
    throw new MarkupFileError(result.error.issues.map((i) => `${where} at ${formatPath(i.path)}: ${i.message}`).join('\n'));
  }
  return result.data;
}

/** Bands as the upload form shows them: one band a line, ready to edit. */
export const markupText = (bands: Markup) => (bands.length ? `[\n${bands.map((b) => `  ${JSON.stringify(b)}`).join(',\n')}\n]` : '');

export const shopMarkup = (): Markup => shopConfig.diamond_markup ?? [];
