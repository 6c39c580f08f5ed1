/**
 * Top-view drawings of the ten diamond shapes: the girdle outline, the table, and the facet lines
 * between them, filled with a cool brilliance gradient, dark and bright facets and a glint. Pure
 * functions of the shape (and, optionally, its length-to-width ratio): cacheable forever. The facet
 * geometry is shared with the jewellery drawings (src/server/images/jewellery/parts.ts).
 */
import type { Shape } from '~/features/diamonds/grades.ts';

export type Point = [number, number];
const N = 16;

/** The girdle outline as N points around the centre (0,0) within a unit box, clockwise from the top. */
const OUTLINES: Record<Shape, (t: number) => Point> = {
  round: (t) => polar(t, 1, 1),
  oval: (t) => polar(t, 0.72, 1),
  cushion: (t) => superellipse(t, 0.9, 1, 3.2),
  princess: (t) => superellipse(t, 0.92, 0.92, 12),
  asscher: (t) => octagon(t, 0.9, 0.9, 0.32),
  emerald: (t) => octagon(t, 0.7, 1, 0.22),
  radiant: (t) => octagon(t, 0.78, 1, 0.14),
  marquise: (t) => {
    const a = t * 2 * Math.PI;
    return [0.5 * Math.sin(a) * Math.abs(Math.sin(a)) ** 0.1, -Math.cos(a)];
  },
  pear: (t) => {
    const a = t * 2 * Math.PI;
    const y = -Math.cos(a);
    return [0.68 * Math.sin(a) * ((1 + y) / 2) ** 0.55 * 1.25, y];
  },
  heart: (t) => {
    const a = t * 2 * Math.PI;
    const x = 16 * Math.sin(a) ** 3;
    const y = 13 * Math.cos(a) - 5 * Math.cos(2 * a) - 2 * Math.cos(3 * a) - Math.cos(4 * a);
    return [x / 17, -(y - 2.5) / 15];
  },
};

function polar(t: number, rx: number, ry: number): Point {
  const a = t * 2 * Math.PI;
  return [rx * Math.sin(a), -ry * Math.cos(a)];
}

function superellipse(t: number, rx: number, ry: number, n: number): Point {
  const a = t * 2 * Math.PI + Math.PI / N;
  const s = Math.sin(a);
  const c = Math.cos(a);
  return [rx * Math.sign(s) * Math.abs(s) ** (2 / n), -ry * Math.sign(c) * Math.abs(c) ** (2 / n)];
}

function octagon(t: number, w: number, h: number, corner: number): Point {
  const pts: Point[] = [
    [-w + corner, -h],
    [w - corner, -h],
    [w, -h + corner],
    [w, h - corner],
    [w - corner, h],
    [-w + corner, h],
    [-w, h - corner],
    [-w, -h + corner],
  ];
  const pos = t * pts.length;
  const i = Math.floor(pos) % pts.length;
  const f = pos - Math.floor(pos);
  const a = pts[i]!;
  const b = pts[(i + 1) % pts.length]!;
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
}

/** The length-to-width ratio each outline has as drawn (the shape's usual proportions). */
export function naturalRatio(shape: Shape): number {
  const pts = Array.from({ length: 64 }, (_, i) => OUTLINES[shape](i / 64));
  const w = Math.max(...pts.map((p) => Math.abs(p[0])));
  const h = Math.max(...pts.map((p) => Math.abs(p[1])));
  return h / w;
}

/** Shapes whose length differs from their width: their drawings follow a stone's L/W ratio. */
export const ELONGATED: readonly Shape[] = ['oval', 'emerald', 'pear', 'marquise', 'radiant', 'cushion'];

/** The girdle, table and star points of a shape within the box [-1, 1]² (both axes filled). */
export function facetGeometry(shape: Shape): { girdle: Point[]; table: Point[]; star: Point[] } {
  const raw = Array.from({ length: N }, (_, i) => OUTLINES[shape](i / N));
  const w = Math.max(...raw.map((p) => Math.abs(p[0])));
  const h = Math.max(...raw.map((p) => Math.abs(p[1])));
  const girdle = raw.map(([x, y]) => [x / w, y / h] as Point);
  const table = girdle.map(([x, y]) => [x * 0.55, y * 0.55] as Point);
  const star = girdle.map(([x, y], i) => {
    const [nx, ny] = girdle[(i + 1) % N]!;
    return [((x + nx) / 2) * 0.78, ((y + ny) / 2) * 0.78] as Point;
  });
  return { girdle, table, star };
}

/**
 * A stone seen from above, as SVG elements, its points placed by `at` (unit box → drawing). Paints:
 * `url(#sG)` for the body, `url(#sT)` for the table's light; both defined by the caller.
 */
export function stoneFacets(shape: Shape, at: (p: Point) => Point, detail = true): string {
  const { girdle, table, star } = facetGeometry(shape);
  const f = (p: Point) => {
    const [x, y] = at(p);
    return `${r1(x)} ${r1(y)}`;
  };
  const body = `<path d="M${girdle.map(f).join('L')}Z" fill="url(#sG)" stroke="#6d7d8e" stroke-width=".6" stroke-linejoin="round"/>`;
  if (!detail) return body;
  // Alternate star facets dark and bright: the contrast that reads as brilliance.
  const dark = girdle
    .filter((_, i) => i % 2 === 0)
    .map((g, j) => {
      const i = j * 2;
      return `M${f(g)}L${f(star[i]!)}L${f(table[(i + 1) % N]!)}L${f(table[i]!)}Z`;
    })
    .join('');
  const lines = girdle
    .map((g, i) => `M${f(g)}L${f(table[i]!)}M${f(g)}L${f(star[i]!)}L${f(girdle[(i + 1) % N]!)}M${f(star[i]!)}L${f(table[(i + 1) % N]!)}`)
    .join('');
  // Through the table, the pavilion's facets show as a star of dark and bright wedges.
  const c = at([0, 0]);
  const centre = `${r1(c[0])} ${r1(c[1])}`;
  const wedges = table
    .filter((_, i) => i % 2 === 1)
    .map((t, j) => `M${centre}L${f(t)}L${f(table[(j * 2 + 2) % N]!)}Z`)
    .join('');
  return `${body}<path d="${dark}" fill="#4f5f72" fill-opacity=".26"/><path d="M${table.map(f).join('L')}Z" fill="url(#sT)" stroke="#8493a3" stroke-width=".4"/><path d="${wedges}" fill="#56677a" fill-opacity=".2"/><path d="${lines}" fill="none" stroke="#8d99a6" stroke-width=".3"/>`;
}

export const r1 = (n: number) => String(Math.round(n * 10) / 10);

/** The stone paints: body, table light. */
export const STONE_PAINTS = `<linearGradient id="sG" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff"/><stop offset=".4" stop-color="#e4ebf2"/><stop offset=".62" stop-color="#b7c5d4"/><stop offset=".8" stop-color="#eef3f8"/><stop offset="1" stop-color="#c3cfdb"/></linearGradient><radialGradient id="sT" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="#fff" stop-opacity=".8"/><stop offset=".5" stop-color="#e6edf4" stop-opacity=".35"/><stop offset="1" stop-color="#b4c2d1" stop-opacity=".35"/></radialGradient>`;

/**
 * A diamond of a shape from above. With a length-to-width `ratio`, elongated shapes are drawn in that
 * proportion (the longer side fills the box); without one, in the shape's usual proportions.
 */
export function diamondSvg(shape: Shape, ratio?: number): string {
  const lw = ratio && ELONGATED.includes(shape) ? Math.min(2.5, Math.max(1, ratio)) : naturalRatio(shape);
  const h = 44;
  const w = shape === 'heart' || shape === 'round' || shape === 'princess' || shape === 'asscher' ? 44 : h / lw;
  const at = ([x, y]: Point): Point => [50 + x * w, 50 + y * h];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="${shape} diamond${ratio ? `, length to width ${lw.toFixed(2)}` : ''}">
<defs>${STONE_PAINTS}</defs>
${stoneFacets(shape, at)}<path d="M34 30l1.4 4.6 4.6 1.4-4.6 1.4-1.4 4.6-1.4-4.6-4.6-1.4 4.6-1.4z" fill="#fff" opacity=".9"/>
</svg>`;
}
