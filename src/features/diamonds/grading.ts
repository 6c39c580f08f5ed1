/** A diamond's grading as the detail page and the build's review list it: label and value, shape first. */
import type { Diamond } from './diamond-query.ts';
import { shapeLabel } from './grades.ts';

export function gradingFacts(d: Diamond): [label: string, value: string][] {
  return [
    ['Shape', shapeLabel(d.shape)],
    ['Carat', d.carat.toFixed(2)],
    ['Cut', d.cut],
    ['Colour', d.color],
    ['Clarity', d.clarity],
    ['Polish', d.polish],
    ['Symmetry', d.symmetry],
    ['Fluorescence', d.fluorescence],
  ];
}
