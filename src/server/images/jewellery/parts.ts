/**
 * Pieces every jewellery drawing shares: the metal paints (the only part that changes with the metal),
 * the stone paints, stones by shape from above and from the side, melee in their cups, prongs, milgrain
 * and the frame of the picture. Numbers are rounded to one decimal to keep each drawing small.
 */
import type { Shape } from '~/features/diamonds/grades.ts';
import { METAL_COLORS, type MetalCode } from '~/features/products/metals.ts';
import { STONE_PAINTS, facetGeometry, r1, stoneFacets, type Point } from '~/server/images/diamond-svg.ts';

export { r1 };
export type { Point };

export const VIEWS = ['front', 'angled', 'profile'] as const;
export type View = (typeof VIEWS)[number];
export const VIEW_LABELS: Record<View, string> = { front: 'front view', angled: 'angled three-quarter view', profile: 'profile view' };

/** A stone to draw: its shape and, where known, its size in millimetres (length along the finger's axis when set north-south). */
export interface StoneSpec {
  shape: Shape;
  lengthMm: number;
  widthMm: number;
}

function mix(a: string, b: string, t: number): string {
  const p = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const [x, y] = [p(a), p(b)];
  return (
    '#' +
    x
      .map((v, i) =>
        Math.round(v + (y[i]! - v) * t)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/**
 * The metal paints: mB across a band (shadow, body, highlight, body, shadow), mH along it, mR a bead
 * or cup, mK a knife edge, mE the edge line (in user space, so that it paints straight lines too). Every metal colour of a drawing lives here and only here.
 */
export function metalPaints(metal: MetalCode): string {
  const [light, dark] = METAL_COLORS[metal];
  const hi = mix(light, '#ffffff', 0.6);
  const lo = mix(dark, '#000000', 0.38);
  const edge = mix(dark, '#000000', 0.5);
  const stops = (offsets: number[], colors: string[]) => offsets.map((o, i) => `<stop offset="${o}" stop-color="${colors[i]}"/>`).join('');
  return (
    `<linearGradient id="mB" x1="0" y1="0" x2="0" y2="1">${stops([0, 0.18, 0.4, 0.55, 0.8, 1], [lo, dark, hi, light, dark, lo])}</linearGradient>` +
    `<linearGradient id="mH" x1="0" y1="0" x2="1" y2="0">${stops([0, 0.2, 0.42, 0.5, 0.6, 0.82, 1], [lo, dark, light, hi, light, dark, lo])}</linearGradient>` +
    `<radialGradient id="mR" cx=".38" cy=".32" r=".75">${stops([0, 0.45, 0.85, 1], [hi, light, dark, lo])}</radialGradient>` +
    `<linearGradient id="mK" x1="0" y1="0" x2="0" y2="1">${stops([0, 0.48, 0.5, 1], [dark, hi, dark, lo])}</linearGradient>` +
    `<linearGradient id="mE" gradientUnits="userSpaceOnUse">${stops([0], [edge])}</linearGradient>`
  );
}

/** Shared defs that do not depend on the metal: stones, melee, glints, the backdrop and its shadow. */
const COMMON =
  STONE_PAINTS +
  `<radialGradient id="sM" cx=".4" cy=".35" r=".75"><stop offset="0" stop-color="#fff"/><stop offset=".5" stop-color="#cfd9e4"/><stop offset="1" stop-color="#6d7f94"/></radialGradient>` +
  `<linearGradient id="sP" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#aebccb"/><stop offset=".3" stop-color="#f4f7fa"/><stop offset=".55" stop-color="#8797a9"/><stop offset=".8" stop-color="#e9eef4"/><stop offset="1" stop-color="#9eaebf"/></linearGradient>` +
  `<radialGradient id="bg" cx=".5" cy=".42" r=".7"><stop offset="0" stop-color="#fdfbf7"/><stop offset="1" stop-color="#efe9df"/></radialGradient>` +
  `<radialGradient id="sh" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#5b4a36" stop-opacity=".28"/><stop offset="1" stop-color="#5b4a36" stop-opacity="0"/></radialGradient>` +
  `<path id="gl" d="M0-1L.14-.14 1 0 .14.14 0 1-.14.14-1 0-.14-.14Z" fill="#fff"/>` +
  `<g id="mc"><circle r="1.3" fill="url(#mR)"/><circle r="1" fill="url(#sM)" stroke="#71839a" stroke-width=".12"/><path d="M0-1L.38-.38 1 0 .38.38 0 1-.38.38-1 0-.38-.38Z" fill="#5e6f84" fill-opacity=".28"/><path d="M-.42-.17L-.17-.42.17-.42.42-.17.42.17.17.42-.17.42-.42.17Z" fill="#f4f8fb" fill-opacity=".7" stroke="#8797aa" stroke-width=".06"/><circle cx="-.32" cy="-.34" r=".16" fill="#fff"/></g>`;

/** The picture: backdrop, a soft contact shadow, the piece. */
export function frame(label: string, metal: MetalCode, body: string, shadow: [number, number, number, number] = [100, 178, 70, 8]): string {
  const [cx, cy, rx, ry] = shadow;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="${label}"><defs>${metalPaints(metal)}${COMMON}</defs><rect width="200" height="200" fill="url(#bg)"/><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#sh)"/>${body}</svg>`;
}

/** A melee diamond in its metal cup at (x, y), of radius r. */
export const melee = (x: number, y: number, r: number) => `<use href="#mc" transform="translate(${r1(x)} ${r1(y)}) scale(${Math.round(r * 100) / 100})"/>`;

/** A glint (four-pointed star) of size s. */
export const glint = (x: number, y: number, s: number, opacity = 0.9) =>
  `<use href="#gl" transform="translate(${r1(x)} ${r1(y)}) scale(${Math.round(s * 10) / 10})" opacity="${opacity}"/>`;

/** Points along an ellipse arc (angles in degrees, 0 = top, clockwise). */
export function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number, n: number): Point[] {
  return Array.from({ length: n }, (_, i) => {
    const a = ((from + ((to - from) * i) / Math.max(1, n - 1)) * Math.PI) / 180;
    return [cx + rx * Math.sin(a), cy - ry * Math.cos(a)] as Point;
  });
}

/** A row of melee along points. */
export const meleeRow = (pts: Point[], r: number) => pts.map(([x, y]) => melee(x, y, r)).join('');

/** Milgrain: a line of tiny metal beads along points. */
export const milgrain = (pts: Point[], r: number) => pts.map(([x, y]) => `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="url(#mR)"/>`).join('');

/**
 * A stone from above at (cx, cy), w × h units, squashed vertically by `tilt` (1 face-up, about .5 seen
 * at three quarters), turned a quarter when `eastWest`; with a glint. `detail` false: the outline only.
 */
export function stoneTop(shape: Shape, cx: number, cy: number, w: number, h: number, tilt = 1, eastWest = false, detail = true): string {
  const at = ([x, y]: Point): Point => (eastWest ? [cx - y * (h / 2), cy + x * (w / 2) * tilt] : [cx + x * (w / 2), cy + y * (h / 2) * tilt]);
  return stoneFacets(shape, at, detail) + (detail ? glint(cx - w * 0.18, cy - h * 0.16 * tilt, Math.max(1.5, w * 0.14)) : '');
}

/** The outline of a stone from above as points (for halos, bezels and prong positions). */
export function outline(shape: Shape, cx: number, cy: number, w: number, h: number, grow: number, tilt = 1, eastWest = false, n = 16): Point[] {
  return unitOutline(shape, n).map(([x, y]) => {
    const [ux, uy] = eastWest ? [-y, x] : [x, y];
    const [hw, hh] = eastWest ? [h / 2, w / 2] : [w / 2, h / 2];
    const len = Math.hypot(ux * hw, uy * hh) || 1;
    return [cx + ux * hw + ((ux * hw) / len) * grow, cy + (uy * hh + ((uy * hh) / len) * grow) * tilt] as Point;
  });
}

function unitOutline(shape: Shape, n: number): Point[] {
  const g = facetGeometry(shape).girdle;
  if (n === g.length) return g;
  // Resample by walking the girdle polygon.
  const out: Point[] = [];
  for (let i = 0; i < n; i++) {
    const pos = (i / n) * g.length;
    const a = g[Math.floor(pos) % g.length]!;
    const b = g[(Math.floor(pos) + 1) % g.length]!;
    const f = pos - Math.floor(pos);
    out.push([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f]);
  }
  return out;
}

/** A stone from the side: crown above the girdle line at y, pavilion below, w wide. */
export function stoneSide(cx: number, y: number, w: number, glintOn = true): string {
  const h = w / 2;
  const c = w * 0.16;
  const p = w * 0.43;
  const pts = (a: Point[]) => a.map(([x, yy]) => `${r1(x)} ${r1(yy)}`).join('L');
  const crown = pts([
    [cx - h, y],
    [cx - h * 0.56, y - c],
    [cx + h * 0.56, y - c],
    [cx + h, y],
  ]);
  const pav = pts([
    [cx - h, y],
    [cx, y + p],
    [cx + h, y],
  ]);
  const lines = `M${r1(cx - h * 0.56)} ${r1(y - c)}L${r1(cx - h * 0.3)} ${r1(y)}L${r1(cx)} ${r1(y - c)}L${r1(cx + h * 0.3)} ${r1(y)}L${r1(cx + h * 0.56)} ${r1(y - c)}M${r1(cx - h * 0.5)} ${r1(y)}L${r1(cx)} ${r1(y + p)}L${r1(cx + h * 0.5)} ${r1(y)}M${r1(cx - h * 0.15)} ${r1(y)}L${r1(cx)} ${r1(y + p)}L${r1(cx + h * 0.15)} ${r1(y)}`;
  return `<path d="M${pav}Z" fill="url(#sP)" stroke="#6d7d8e" stroke-width=".5" stroke-linejoin="round"/><path d="M${crown}Z" fill="url(#sG)" stroke="#6d7d8e" stroke-width=".5" stroke-linejoin="round"/><path d="${lines}" fill="none" stroke="#8d99a6" stroke-width=".3"/>${glintOn ? glint(cx - h * 0.3, y - c * 0.55, Math.max(1.4, w * 0.09)) : ''}`;
}

/** A prong seen from the side or at three quarters: a tapered claw from (x0, y0) up to (x1, y1), width w. */
export function claw(x0: number, y0: number, x1: number, y1: number, w: number): string {
  const dx = (x1 - x0) * 0.15;
  return `<path d="M${r1(x0 - w / 2)} ${r1(y0)}C${r1(x0 - w / 2 + dx)} ${r1((y0 + y1) / 2)} ${r1(x1 - w * 0.35)} ${r1(y1 + 3)} ${r1(x1 - w * 0.3)} ${r1(y1)}Q${r1(x1)} ${r1(y1 - w * 0.6)} ${r1(x1 + w * 0.3)} ${r1(y1)}C${r1(x1 + w * 0.35)} ${r1(y1 + 3)} ${r1(x0 + w / 2 + dx)} ${r1((y0 + y1) / 2)} ${r1(x0 + w / 2)} ${r1(y0)}Z" fill="url(#mH)" stroke="url(#mE)" stroke-width=".3"/>`;
}

/** A prong tip from above: a small polished bead. */
export const prongTip = (x: number, y: number, r: number) =>
  `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(r)}" ry="${r1(r * 0.9)}" fill="url(#mR)" stroke="url(#mE)" stroke-width=".3"/>`;

/** The four prong tips that hold a stone drawn at (x, y), w × h (a stud's, a pendant's), each `tip` across. */
export function fourProngs(shape: Shape, x: number, y: number, w: number, h: number, tilt: number, tip: number): string {
  const o = outline(shape, x, y, w, h, -w * 0.03, tilt, false, 48);
  return prongPositions(shape, 4)
    .map((t) => onOutline(o, t))
    .map(([px, py]) => prongTip(px, py, tip))
    .join('');
}

/** Prong positions around an outline (fractions of the way round, clockwise from the top). */
export function prongPositions(shape: Shape, count: number): number[] {
  if (count === 6) return [0, 1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6];
  if (shape === 'princess' || shape === 'asscher' || shape === 'emerald' || shape === 'radiant' || shape === 'cushion') return [1 / 8, 3 / 8, 5 / 8, 7 / 8];
  if (shape === 'pear' || shape === 'heart') return [0.12, 0.5, 0.88];
  if (shape === 'marquise') return [0, 0.5, 0.2, 0.8];
  return [1 / 8, 3 / 8, 5 / 8, 7 / 8];
}

/** A point a fraction t of the way round an outline. */
export function onOutline(pts: Point[], t: number): Point {
  return pts[Math.round(t * pts.length) % pts.length]!;
}

/** An SVG path through points (closed with Z when asked). */
export const poly = (pts: Point[], close = true) => `M${pts.map(([x, y]) => `${r1(x)} ${r1(y)}`).join('L')}${close ? 'Z' : ''}`;

/** A smooth open path through points (Catmull-Rom as cubic Béziers). */
export function smooth(pts: Point[]): string {
  let d = `M${r1(pts[0]![0])} ${r1(pts[0]![1])}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] ?? pts[i]!;
    const p1 = pts[i]!;
    const p2 = pts[i + 1]!;
    const p3 = pts[i + 2] ?? p2;
    d += `C${r1(p1[0] + (p2[0] - p0[0]) / 6)} ${r1(p1[1] + (p2[1] - p0[1]) / 6)} ${r1(p2[0] - (p3[0] - p1[0]) / 6)} ${r1(p2[1] - (p3[1] - p1[1]) / 6)} ${r1(p2[0])} ${r1(p2[1])}`;
  }
  return d;
}

/** A ring seen at three quarters: the band as an ellipse with its thickness, shaded; c = centre. */
export function bandEllipse(cx: number, cy: number, rx: number, ry: number, width: number, paint = 'url(#mB)'): string {
  const t = width;
  // Outer rim and the inner opening (higher: we look down into the ring), filled even-odd.
  const o = `M${r1(cx - rx)} ${r1(cy)}A${r1(rx)} ${r1(ry)} 0 1 0 ${r1(cx + rx)} ${r1(cy)}A${r1(rx)} ${r1(ry)} 0 1 0 ${r1(cx - rx)} ${r1(cy)}Z`;
  const irx = rx - t * 0.55;
  const iry = ry - t * 0.7;
  const icy = cy - t * 0.35;
  const i = `M${r1(cx - irx)} ${r1(icy)}A${r1(irx)} ${r1(iry)} 0 1 0 ${r1(cx + irx)} ${r1(icy)}A${r1(irx)} ${r1(iry)} 0 1 0 ${r1(cx - irx)} ${r1(icy)}Z`;
  // The inside of the band at the back, in shadow, and a highlight along the front edge.
  const inner = `<path d="M${r1(cx - irx)} ${r1(icy)}A${r1(irx)} ${r1(iry)} 0 0 1 ${r1(cx + irx)} ${r1(icy)}A${r1(irx)} ${r1(iry + t * 0.55)} 0 0 0 ${r1(cx - irx)} ${r1(icy)}Z" fill="url(#mH)" opacity=".55"/>`;
  const shine = `<path d="M${r1(cx - rx * 0.8)} ${r1(cy + ry * 0.45)}A${r1(rx * 0.95)} ${r1(ry * 0.95)} 0 0 0 ${r1(cx + rx * 0.8)} ${r1(cy + ry * 0.45)}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="${r1(Math.max(0.8, t * 0.18))}" stroke-linecap="round"/>`;
  return `<path d="${o}${i}" fill="${paint}" fill-rule="evenodd" stroke="url(#mE)" stroke-width=".5"/>${inner}${shine}`;
}

/** A ring seen end on (profile): a circle with the band's thickness. */
export function bandCircle(cx: number, cy: number, r: number, thick: number, paint = 'url(#mR)'): string {
  const ri = r - thick;
  return `<path d="M${r1(cx - r)} ${r1(cy)}A${r1(r)} ${r1(r)} 0 1 0 ${r1(cx + r)} ${r1(cy)}A${r1(r)} ${r1(r)} 0 1 0 ${r1(cx - r)} ${r1(cy)}ZM${r1(cx - ri)} ${r1(cy)}A${r1(ri)} ${r1(ri)} 0 1 0 ${r1(cx + ri)} ${r1(cy)}A${r1(ri)} ${r1(ri)} 0 1 0 ${r1(cx - ri)} ${r1(cy)}Z" fill="${paint}" fill-rule="evenodd" stroke="url(#mE)" stroke-width=".5"/><path d="M${r1(cx - r + thick * 0.35)} ${r1(cy)}A${r1(r - thick * 0.35)} ${r1(r - thick * 0.35)} 0 0 1 ${r1(cx - (r - thick * 0.35) * 0.5)} ${r1(cy - (r - thick * 0.35) * 0.866)}" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="${r1(thick * 0.22)}" stroke-linecap="round"/>`;
}
