/** Necklaces: pendants (prong, bezel, halo, pear, three-stone, initial), bars, stations and tennis/riviera lines on their chains. */
import type { Shape } from '~/features/diamonds/grades.ts';
import { naturalRatio } from '~/server/images/diamond-svg.ts';
import { fourProngs, melee, meleeRow, outline, poly, r1, smooth, stoneSide, stoneTop, type Point, type View } from './parts.ts';

export interface NecklaceDesign {
  kind: 'pendant' | 'bar' | 'station' | 'tennis' | 'initial';
  shape: Shape;
  halo?: boolean;
  bezel?: boolean;
  three?: boolean;
  graduated?: boolean;
}

const chain = (pts: Point[], w = 1.4) =>
  `<path d="${smooth(pts)}" fill="none" stroke="url(#mE)" stroke-width="${r1(w + 0.6)}"/><path d="${smooth(pts)}" fill="none" stroke="url(#mH)" stroke-width="${r1(w)}" stroke-dasharray="2.2 .6"/>`;

function curve(n: number, x0: number, x1: number, top: number, bottom: number): Point[] {
  return Array.from({ length: n }, (_, i) => {
    const t = i / (n - 1);
    const x = x0 + (x1 - x0) * t;
    return [x, top + (bottom - top) * Math.sin(Math.PI * t) ** 1.6] as Point;
  });
}

function pendant(d: NecklaceDesign, x: number, y: number, s: number, tilt = 1): string {
  const out: string[] = [
    `<ellipse cx="${r1(x)}" cy="${r1(y - s * 0.62)}" rx="${r1(s * 0.09)}" ry="${r1(s * 0.16)}" fill="none" stroke="url(#mR)" stroke-width="${r1(s * 0.06)}"/>`,
  ];
  if (d.kind === 'initial') {
    const a: Point[] = [
      [x - s * 0.32, y + s * 0.45],
      [x, y - s * 0.45],
      [x + s * 0.32, y + s * 0.45],
    ];
    out.push(
      `<path d="${poly(a, false)}M${r1(x - s * 0.17)} ${r1(y + s * 0.1)}H${r1(x + s * 0.17)}" fill="none" stroke="url(#mE)" stroke-width="${r1(s * 0.15)}" stroke-linejoin="round"/><path d="${poly(a, false)}M${r1(x - s * 0.17)} ${r1(y + s * 0.1)}H${r1(x + s * 0.17)}" fill="none" stroke="url(#mR)" stroke-width="${r1(s * 0.12)}" stroke-linejoin="round"/>`,
    );
    out.push(melee(x, y - s * 0.3, s * 0.05), melee(x - s * 0.1, y - s * 0.05, s * 0.05), melee(x + s * 0.1, y - s * 0.05, s * 0.05));
    return out.join('');
  }
  const stones = d.three
    ? [
        [x, y - s * 0.42, 0.55],
        [x, y - s * 0.02, 0.75],
        [x, y + s * 0.48, 1],
      ]
    : [[x, y, 1]];
  for (const [sx, sy, f] of stones as [number, number, number][]) {
    const h = s * (d.shape === 'pear' ? 0.9 : d.shape === 'round' ? 0.62 : 0.78) * f;
    const w = d.shape === 'pear' ? h * 0.66 : d.shape === 'round' ? h : h / naturalRatio(d.shape);
    if (d.halo) {
      out.push(`<path d="${poly(outline(d.shape, sx, sy, w, h, w * 0.3, tilt, false, 28))}" fill="url(#mR)" stroke="url(#mE)" stroke-width=".5"/>`);
      out.push(meleeRow(outline(d.shape, sx, sy, w, h, w * 0.16, tilt, false, 18), w * 0.07));
    }
    if (d.bezel) out.push(`<path d="${poly(outline(d.shape, sx, sy, w, h, w * 0.12, tilt, false, 28))}" fill="url(#mR)" stroke="url(#mE)" stroke-width=".5"/>`);
    out.push(stoneTop(d.shape, sx, sy, w, h, tilt));
    if (!d.bezel && !d.halo) out.push(fourProngs(d.shape, sx, sy, w, h, tilt, w * 0.07));
  }
  return out.join('');
}

function bar(x: number, y: number, len: number, hgt: number): string {
  return `<rect x="${r1(x - len / 2)}" y="${r1(y - hgt / 2)}" width="${r1(len)}" height="${r1(hgt)}" rx="${r1(hgt / 2)}" fill="url(#mB)" stroke="url(#mE)" stroke-width=".5"/>${meleeRow(
    Array.from({ length: 7 }, (_, i) => [x - len * 0.36 + (i * len * 0.72) / 6, y] as Point),
    hgt * 0.3,
  )}`;
}

export function drawNecklace(d: NecklaceDesign, view: View): string {
  if (view === 'profile') {
    // From the side: the chain falls, the piece hangs edge on.
    const out = [
      chain([
        [60, 10],
        [80, 40],
        [96, 70],
        [100, 92],
      ]),
    ];
    if (d.kind === 'tennis')
      return (
        chain(
          [
            [40, 20],
            [70, 60],
            [96, 120],
            [110, 170],
          ],
          5,
        ) +
        meleeRow(
          Array.from({ length: 9 }, (_, i) => [48 + i * 7.6, 32 + i * 17] as Point),
          4.5,
        ).replace(/scale\(4\.5\)/g, (m, at: number) => (d.graduated ? `scale(${(3 + (at % 7) * 0.4).toFixed(1)})` : m))
      );
    if (d.kind === 'bar')
      return out.join('') + `<rect x="94" y="92" width="12" height="44" rx="5" fill="url(#mH)" stroke="url(#mE)" stroke-width=".5"/>` + melee(100, 114, 3.6);
    if (d.kind === 'station')
      return (
        chain([
          [30, 20],
          [70, 80],
          [100, 130],
          [120, 180],
        ]) +
        [
          [59, 58],
          [88, 112],
        ]
          .map(([x, y]) => `<rect x="${x! - 5}" y="${y! - 5}" width="10" height="10" rx="3" fill="url(#mR)"/>` + melee(x!, y!, 3))
          .join('')
      );
    out.push(`<ellipse cx="100" cy="100" rx="3" ry="8" fill="none" stroke="url(#mR)" stroke-width="2.4"/>`);
    if (d.halo)
      out.push(
        `<rect x="88" y="${d.shape === 'pear' ? 104 : 110}" width="6" height="${d.shape === 'pear' ? 76 : 60}" rx="2" fill="url(#mH)" stroke="url(#mE)" stroke-width=".4"/>`,
      );
    if (d.kind === 'initial')
      out.push(
        `<rect x="94" y="106" width="10" height="64" rx="2" fill="url(#mB)" stroke="url(#mE)" stroke-width=".4"/>${melee(99, 122, 3)}${melee(99, 140, 3)}`,
      );
    else if (d.three)
      out.push(
        `<g transform="rotate(-90 100 122)">${stoneSide(100, 122, 22)}</g><g transform="rotate(-90 100 148)">${stoneSide(100, 148, 28)}</g><g transform="rotate(-90 100 180)">${stoneSide(100, 180, 34)}</g>`,
      );
    else out.push(`<g transform="rotate(-90 100 140)">${stoneSide(100, 140, d.shape === 'pear' ? 64 : d.shape === 'round' ? 52 : 60)}</g>`);
    out.push(`<path d="M96 108H104V${d.bezel ? 166 : 118}H96Z" fill="url(#mH)" stroke="url(#mE)" stroke-width=".4"/>`);
    return out.join('');
  }
  const angled = view === 'angled';
  const out: string[] = [];
  if (d.kind === 'tennis' || d.kind === 'station') {
    const pts = angled ? curve(23, 10, 190, 0, 150) : curve(23, 24, 176, 20, 140);
    if (d.kind === 'station') {
      out.push(chain(pts));
      for (const i of [5, 8, 11, 14, 17]) {
        const [x, y] = pts[i]!;
        out.push(
          `<circle cx="${r1(x)}" cy="${r1(y)}" r="${angled ? 5.4 : 4.6}" fill="url(#mR)" stroke="url(#mE)" stroke-width=".4"/>`,
          stoneTop('round', x, y, angled ? 7.2 : 6, angled ? 7.2 : 6, 1, false, false),
        );
      }
    } else {
      out.push(chain(pts, 4));
      const dense = Array.from({ length: 45 }, (_, i) => {
        const t = i / 44;
        const p = (n: number) => Math.min(pts.length - 1, n);
        const f = t * (pts.length - 1);
        const a = pts[p(Math.floor(f))]!;
        const b = pts[p(Math.floor(f) + 1)]!;
        return [a[0] + (b[0] - a[0]) * (f - Math.floor(f)), a[1] + (b[1] - a[1]) * (f - Math.floor(f)), t] as [number, number, number];
      });
      out.push(dense.map(([x, y, t]) => melee(x, y, (angled ? 2.6 : 2.2) * (d.graduated ? 0.7 + 0.8 * Math.sin(Math.PI * t) ** 2 : 1))).join(''));
    }
    return out.join('');
  }
  const pts = angled ? curve(15, 34, 166, -20, 58) : curve(15, 30, 170, 16, 86);
  out.push(chain(pts));
  const [cx, cy] = pts[7]!;
  if (d.kind === 'bar') out.push(bar(cx, cy + 10, angled ? 110 : 80, angled ? 16 : 12));
  else out.push(pendant(d, cx, cy + (angled ? 62 : 40), angled ? 92 : 60, angled ? 0.85 : 1));
  return out.join('');
}
