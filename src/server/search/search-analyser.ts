/**
 * How search reads words, the same for the catalogue's text and the shopper's query: accents folded
 * ("pavé" = "pave"), lower case, split on anything that is not a letter or digit, a few filler words
 * dropped, and English stemming (Porter, from the `stemmer` package: "rings" = "ring", "studs" = "stud").
 */
import { stemmer } from 'stemmer';

const FILLER = new Set(['a', 'an', 'and', 'the', 'of', 'in', 'with', 'for', 'to', 'on', 'or', 'our', 's', 'by', 'at', 'from', 'your']);

/** The words of a text, folded and lower-cased, filler dropped (before stemming). */
export function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !FILLER.has(w));
}

/** A word as the index keeps it. */
export function stem(word: string): string {
  return /^\p{L}+$/u.test(word) ? stemmer(word) : word;
}

/** MiniSearch's tokenizer and term processor: `words` then `stem`. */
export const tokenize = (text: string): string[] => words(text);
export const processTerm = (term: string): string | null => (term ? stem(term) : null);

/** How many wrong letters a word of this length may have and still be corrected. */
export function typoAllowance(word: string): number {
  if (!/^\p{L}+$/u.test(word) || word.length < 4) return 0;
  return word.length >= 8 ? 2 : 1;
}
