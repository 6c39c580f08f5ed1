/**
 * Diamond shapes and grades, best first: the catalogue's vocabulary, shared by server and browser. Each grade
 * attribute's entry (its label, filter, facet, index word, feed column) is in grade-attributes.ts.
 */
export const SHAPES = ['round', 'princess', 'cushion', 'oval', 'emerald', 'pear', 'marquise', 'radiant', 'asscher', 'heart'] as const;
export const ORIGINS = ['natural', 'lab_grown'] as const;
/**
 * Cut grades, best first, and last 'Not graded': labs grade cut on round brilliants only, so most fancy
 * shapes come without one (a stock feed's blank cut on a fancy shape). Filters and facets count it as its own value.
 */
export const CUTS = ['Ideal', 'Excellent', 'Very Good', 'Good', 'Fair', 'Not graded'] as const;
export const COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'] as const;
export const CLARITIES = ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'I1'] as const;
export const FINISHES = ['Excellent', 'Very Good', 'Good', 'Fair'] as const;
export const FLUORESCENCES = ['None', 'Faint', 'Medium', 'Strong', 'Very Strong'] as const;
export const LABS = ['GIA', 'IGI', 'AGS', 'HRD'] as const;

/** "Excellent cut", or "cut not graded" for a stone without a cut grade. */
export const cutPhrase = (cut: string) => (cut === 'Not graded' ? 'cut not graded' : `${cut} cut`);

export type Shape = (typeof SHAPES)[number];
export type Origin = (typeof ORIGINS)[number];
export type Cut = (typeof CUTS)[number];
export type Color = (typeof COLORS)[number];
export type Clarity = (typeof CLARITIES)[number];
export type Finish = (typeof FINISHES)[number];
export type Fluorescence = (typeof FLUORESCENCES)[number];
export type Lab = (typeof LABS)[number];

export const SHAPE_LABELS: Record<Shape, string> = {
  round: 'Round',
  princess: 'Princess',
  cushion: 'Cushion',
  oval: 'Oval',
  emerald: 'Emerald',
  pear: 'Pear',
  marquise: 'Marquise',
  radiant: 'Radiant',
  asscher: 'Asscher',
  heart: 'Heart',
};

/** A shape's name for people ("Round"); a shape outside the vocabulary is shown as it is written. */
export const shapeLabel = (shape: string): string => SHAPE_LABELS[shape as Shape] ?? shape;
