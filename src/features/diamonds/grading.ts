/** A diamond's grading as the detail page and the build's review list it: label and value, shape first. */
import type { Diamond } from './diamond-query.ts';
import { GRADE_LABELS, shapeLabel } from './grades.ts';
import { RANGE_ATTRIBUTES } from './attributes.ts';

export function gradingFacts(d: Diamond): [label: string, value: string][] {
  return [
    [GRADE_LABELS.shape, shapeLabel(d.shape)],
    [RANGE_ATTRIBUTES.carat.name, d.carat.toFixed(2)],
    [GRADE_LABELS.cut, d.cut],
    [GRADE_LABELS.color, d.color],
    [GRADE_LABELS.clarity, d.clarity],
    [GRADE_LABELS.polish, d.polish],
    [GRADE_LABELS.symmetry, d.symmetry],
    [GRADE_LABELS.fluorescence, d.fluorescence],
  ];
}
