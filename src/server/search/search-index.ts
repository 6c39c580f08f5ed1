/**
 * The jewellery's search index: MiniSearch (a well-kept full-text engine: BM25 ranking, per-field
 * boosts, an inverted index in a radix tree) over every piece on sale, built in each app server's memory
 * from the database and rebuilt whenever the triggers of migration 0016 say the jewellery changed. One
 * engine for SQLite and PostgreSQL, so both answer exactly the same.
 *
 * A query's words must each match somewhere in a piece (name, category and the words shoppers use for it,
 * style, metals, stones, description); a word may stand for its synonyms (synonyms.ts); a word the
 * catalogue never uses is corrected to its nearest catalogue word (one wrong letter in words of 4 to 7
 * letters, two from 8), found by the index's own fuzzy lookup.
 */
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import type { SearchDocument } from './search-documents.repository.ts';
import { CATEGORY_WORDS, QUERY_SYNONYMS } from './synonyms.ts';
import { processTerm, stem, tokenize, typoAllowance, words } from './search-analyser.ts';

const FIELDS = ['name', 'category', 'style', 'metals', 'stones', 'description'] as const;
type Field = (typeof FIELDS)[number];
/** Name first, then category, then the rest, then the description. */
const BOOST: Record<Field, number> = { name: 8, category: 4, style: 2, metals: 1.5, stones: 1.5, description: 1 };

export interface QueryWord {
  /** As typed (folded, lower case). */
  typed: string;
  /** The catalogue word it was corrected to, when it was. */
  corrected?: string;
  /** The index terms it matches (itself or its correction, and its synonyms). */
  terms: string[];
}

export interface RankedPiece {
  doc: SearchDocument;
  /** Query words matched in the name, in the category. */
  inName: number;
  inCategory: number;
  score: number;
}

function stonesText(d: SearchDocument): string {
  const parts: string[] = [];
  if (d.max_ctw > 0 || d.is_byo) parts.push('diamond diamonds');
  if (/lab[- ]grown/i.test(d.name)) parts.push('lab-grown lab created');
  if (d.accepted_shapes.length) parts.push(d.accepted_shapes.join(' '));
  return parts.join(' ');
}

function fieldText(doc: SearchDocument, field: Field): string {
  switch (field) {
    case 'name':
      return doc.name;
    case 'category':
      return `${doc.category_name} ${CATEGORY_WORDS[doc.category_slug] ?? ''}`;
    case 'style':
      return doc.style;
    case 'metals':
      return doc.metals.map((m) => m.name).join(' ');
    case 'stones':
      return stonesText(doc);
    case 'description':
      return doc.description;
  }
}

export class JewellerySearchIndex {
  private readonly engine: MiniSearch<SearchDocument>;
  /** Every index term. */
  private readonly terms = new Set<string>();
  /** Every word of the catalogue as written (folded), for spelling correction. */
  private readonly vocabulary = new SearchableMap<string>();
  readonly docs: SearchDocument[];

  constructor(docs: SearchDocument[]) {
    this.docs = docs;
    this.engine = new MiniSearch<SearchDocument>({
      fields: [...FIELDS],
      tokenize,
      processTerm,
      extractField: (doc, field) => (field === 'id' ? doc.id : fieldText(doc, field as Field)),
      // Queries are given as index terms already (parse below): taken as they are.
      searchOptions: { boost: { ...BOOST }, combineWith: 'AND', tokenize: (t) => [t], processTerm: (t) => t },
    });
    this.engine.addAll(docs);
    for (const doc of docs) {
      for (const field of FIELDS) {
        for (const w of words(fieldText(doc, field))) {
          this.terms.add(stem(w));
          if (/^\p{L}+$/u.test(w)) this.vocabulary.set(w, w);
        }
      }
    }
  }

  /** The query's words, each with what it matches; a word with no `terms` matches nothing here. */
  parse(query: string): QueryWord[] {
    return [...new Set(words(query))].slice(0, 8).map((typed) => {
      const own = stem(typed);
      const synonyms = (QUERY_SYNONYMS[typed] ?? []).map(stem);
      if (this.terms.has(own)) return { typed, terms: [...new Set([own, ...synonyms])] };
      if (synonyms.length) return { typed, terms: [...new Set(synonyms)].filter((t) => this.terms.has(t)) };
      const corrected = this.correct(typed);
      return corrected ? { typed, corrected, terms: [stem(corrected)] } : { typed, terms: [] };
    });
  }

  /** The nearest catalogue word within the typo allowance (the fewest changes, then the most common spelling order). */
  private correct(word: string): string | undefined {
    const allowance = typoAllowance(word);
    if (!allowance) return undefined;
    const found = [...this.vocabulary.fuzzyGet(word, allowance).entries()].map(([w, [, distance]]) => ({ w, distance }));
    found.sort((a, b) => a.distance - b.distance || a.w.localeCompare(b.w));
    return found[0]?.w;
  }

  /** Pieces matching every word (`every`) or any word, ranked: name, then category, then score. */
  search(parsed: QueryWord[], mode: 'every' | 'any' = 'every'): RankedPiece[] {
    const usable = parsed.filter((w) => w.terms.length);
    if (!usable.length || (mode === 'every' && usable.length < parsed.length)) return [];
    const query: Query = {
      combineWith: mode === 'every' ? 'AND' : 'OR',
      queries: usable.map((w) => ({ combineWith: 'OR', queries: w.terms, boost: { ...BOOST } })),
    };
    const results: SearchResult[] = this.engine.search(query, { boost: { ...BOOST } });
    const byId = new Map(this.docs.map((d) => [d.id, d]));
    const count = (r: SearchResult, field: Field) => usable.filter((w) => w.terms.some((t) => (r.match[t] ?? []).includes(field))).length;
    return results
      .map((r) => ({ doc: byId.get(r.id as number)!, inName: count(r, 'name'), inCategory: count(r, 'category'), score: r.score }))
      .sort((a, b) => b.inName - a.inName || b.inCategory - a.inCategory || b.score - a.score || a.doc.name.localeCompare(b.doc.name));
  }
}
