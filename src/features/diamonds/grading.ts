/** A diamond's grading as the detail page and the build's review list it: label and value, shape first. */
import type { Diamond } from './diamond-query.ts';
import { shapeLabel } from './grades.ts';
import { GRADE_LABELS, gradeFacts } from './grade-attributes.ts';
import { RANGE_ATTRIBUTES } from './attributes.ts';

/** The grade attributes' facts (grade-attributes.ts `fact`): cut, colour, clarity, polish, symmetry, fluorescence. */
const GRADE_FACTS = gradeFacts<Diamond>();

export function gradingFacts(d: Diamond): [label: string, value: string][] {
  return [
    [GRADE_LABELS.shape, shapeLabel(d.shape)],
    [RANGE_ATTRIBUTES.carat.name, d.carat.toFixed(2)],
    ...GRADE_FACTS.map((f): [string, string] => [f.label, f.text(d)]),
  ];
}
