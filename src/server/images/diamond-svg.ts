/**
 * Top-view drawings of the ten diamond shapes: the girdle outline, the table, and the facet lines
 * between them, filled with a cool brilliance gradient. Pure functions of the shape: cacheable forever.
 */
import type { Shape } from '~/features/diamonds/grades.ts';

type Point = [number, number];
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
    [-w + corner, -h], [w - corner, -h], [w, -h + corner], [w, h - corner],
    [w - corner, h], [-w + corner, h], [-w, h - corner], [-w, -h + corner],
  ];
  const pos = t * pts.length;
  const i = Math.floor(pos) % pts.length;
  const f = pos - Math.floor(pos);
  const a = pts[i]!;
  const b = pts[(i + 1) % pts.length]!;
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
}

const fmt = ([x, y]: Point) => `${(50 + x * 44).toFixed(2)},${(50 + y * 44).toFixed(2)}`;

export function diamondSvg(shape: Shape): string {
  const girdle = Array.from({ length: N }, (_, i) => OUTLINES[shape](i / N));
  const table = girdle.map(([x, y]) => [x * 0.55, y * 0.55] as Point);
  const star = girdle.map(([x, y], i) => {
    const [nx, ny] = girdle[(i + 1) % N]!;
    return [((x + nx) / 2) * 0.78, ((y + ny) / 2) * 0.78] as Point;
  });
  const lines = girdle
    .map((g, i) => `M${fmt(g)}L${fmt(table[i]!)}M${fmt(g)}L${fmt(star[i]!)}L${fmt(girdle[(i + 1) % N]!)}M${fmt(star[i]!)}L${fmt(table[(i + 1) % N]!)}`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="${shape} diamond">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset=".45" stop-color="#e8eef5"/><stop offset=".7" stop-color="#c9d6e3"/><stop offset="1" stop-color="#f7fafc"/></linearGradient>
<radialGradient id="s" cx=".35" cy=".3" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<path d="M${girdle.map(fmt).join('L')}Z" fill="url(#g)" stroke="#7b8794" stroke-width=".8" stroke-linejoin="round"/>
<path d="M${table.map(fmt).join('L')}Z" fill="url(#s)" stroke="#8a96a3" stroke-width=".5"/>
<path d="${lines}" fill="none" stroke="#9aa5b1" stroke-width=".35"/>
</svg>`;
}
