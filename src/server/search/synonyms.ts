/**
 * A jeweller's customer's words. Each category is also found by the words shoppers use for it (indexed
 * with the category, so "ring" finds the settings and the bands but never "ear-ring-s", and "band" the
 * wedding bands); each query word below also finds the words it stands for.
 */
export const CATEGORY_WORDS: Record<string, string> = {
  'engagement-rings': 'engagement ring rings setting settings bridal proposal',
  'wedding-bands': 'wedding band bands ring rings anniversary',
  earrings: 'earring earrings',
  necklaces: 'necklace necklaces pendant',
  bracelets: 'bracelet bracelets bangle',
};

/** A query word (folded, lower case) and the words it also matches. */
export const QUERY_SYNONYMS: Record<string, string[]> = {
  bridal: ['engagement'],
  proposal: ['engagement'],
  huggie: ['huggie', 'hoop'],
  huggies: ['huggie', 'hoop'],
  synthetic: ['lab'],
  created: ['grown'],
  manmade: ['lab'],
  chain: ['chain', 'necklace'],
  pendant: ['pendant', 'necklace'],
  choker: ['necklace'],
  bangle: ['bangle', 'bracelet'],
  pt: ['platinum'],
  plat: ['platinum'],
  wg: ['white'],
  yg: ['yellow'],
  rg: ['rose'],
  pink: ['rose'],
};
