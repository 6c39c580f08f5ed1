/** Earrings: studs (prong, bezel, halo, cluster), hoops (plain, huggie, inside-out), drops and threaders; a pair face on, one at three quarters, one from the side. */
import type { Shape } from '~/features/diamonds/grades.ts';
import { naturalRatio } from '~/server/images/diamond-svg.ts';
import { arc, fourProngs, glint, melee, meleeRow, outline, poly, r1, smooth, stoneSide, stoneTop, type Point, type View } from './parts.ts';

export interface EarringDesign {
  kind: 'stud' | 'hoop' | 'drop' | 'threader' | 'cluster' | 'linear';
  shape: Shape;
  halo?: boolean;
  bezel?: boolean;
  /** Hoops: diameter in mm, and stones on the front (huggie) or on both faces (inside-out). */
  hoopMm?: number;
  stones?: 'front' | 'inside-out';
}

/** A stud's width for its length: an emerald cut as it always was, an oval or other long shape by its natural ratio. */
const across = (shape: Shape) => (shape === 'emerald' ? 0.72 : shape === 'round' ? 1 : 1 / naturalRatio(shape));

/** A stud head seen from the front at (x, y): stone w×h with its prongs, bezel or halo. */
function head(d: EarringDesign, x: number, y: number, w: number, h: number, tilt = 1): string {
  const out: string[] = [];
  if (d.halo) {
    out.push(`<path d="${poly(outline(d.shape, x, y, w, h, w * 0.36, tilt, false, 28))}" fill="url(#mR)" stroke="url(#mE)" stroke-width=".5"/>`);
    out.push(meleeRow(outline(d.shape, x, y, w, h, w * 0.2, tilt, false, 16), w * 0.085));
  }
  if (d.bezel) out.push(`<path d="${poly(outline(d.shape, x, y, w, h, w * 0.14, tilt, false, 28))}" fill="url(#mR)" stroke="url(#mE)" stroke-width=".5"/>`);
  if (d.kind === 'cluster') {
    out.push(
      meleeRow(
        Array.from({ length: 7 }, (_, i) => [x + Math.sin((i * 2 * Math.PI) / 7) * w * 0.55, y - Math.cos((i * 2 * Math.PI) / 7) * w * 0.55 * tilt] as Point),
        w * 0.26,
      ),
    );
    out.push(melee(x, y, w * 0.3));
    return out.join('');
  }
  out.push(stoneTop(d.shape, x, y, w, h, tilt));
  if (!d.bezel && !d.halo) out.push(fourProngs(d.shape, x, y, w, h, tilt, w * 0.075));
  return out.join('');
}

function hoop(d: EarringDesign, x: number, y: number, r: number, ry: number, wire: number): string {
  const path = `M${r1(x - r)} ${r1(y)}A${r1(r)} ${r1(ry)} 0 1 0 ${r1(x + r)} ${r1(y)}A${r1(r)} ${r1(ry)} 0 1 0 ${r1(x - r)} ${r1(y)}`;
  const out = [
    `<path d="${path}" fill="none" stroke="url(#mE)" stroke-width="${r1(wire + 1)}"/><path d="${path}" fill="none" stroke="url(#mR)" stroke-width="${r1(wire)}"/><path d="M${r1(x - r * 0.85)} ${r1(y - ry * 0.45)}A${r1(r)} ${r1(ry)} 0 0 1 ${r1(x - r * 0.2)} ${r1(y - ry * 0.98)}" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="${r1(wire * 0.25)}" stroke-linecap="round"/>`,
  ];
  if (d.stones)
    out.push(
      meleeRow(arc(x, y, r, ry, d.stones === 'inside-out' ? 95 : 110, d.stones === 'inside-out' ? 265 : 250, d.stones === 'inside-out' ? 11 : 7), wire * 0.36),
    );
  return out.join('');
}

function drop(d: EarringDesign, x: number, y: number, s: number, tilt = 1): string {
  const out: string[] = [melee(x, y, s * 0.13)];
  if (d.kind === 'threader') {
    out.push(
      `<path d="${smooth([
        [x, y],
        [x - s * 0.05, y + s * 0.5],
        [x + s * 0.04, y + s * 1.1],
        [x, y + s * 1.5],
      ])}" fill="none" stroke="url(#mE)" stroke-width="1.3"/><path d="${smooth([
        [x, y],
        [x - s * 0.05, y + s * 0.5],
        [x + s * 0.04, y + s * 1.1],
        [x, y + s * 1.5],
      ])}" fill="none" stroke="url(#mH)" stroke-width=".8"/>`,
    );
    out.push(melee(x, y + s * 1.5, s * 0.09));
    return out.join('');
  }
  if (d.kind === 'linear') {
    out.push(`<path d="M${r1(x)} ${r1(y)}V${r1(y + s * 1.25)}" stroke="url(#mE)" stroke-width="${r1(s * 0.04)}"/>`);
    out.push(Array.from({ length: 6 }, (_, i) => melee(x, y + s * 0.2 + i * s * 0.2, s * (0.06 + i * 0.012))).join(''));
    return out.join('');
  }
  const sy = y + s * 0.85;
  out.push(
    `<path d="M${r1(x)} ${r1(y)}L${r1(x)} ${r1(sy - s * 0.42)}" stroke="url(#mE)" stroke-width="1.6"/><path d="M${r1(x)} ${r1(y)}L${r1(x)} ${r1(sy - s * 0.42)}" stroke="url(#mH)" stroke-width="1.1"/>`,
  );
  out.push(`<path d="${poly(outline('pear', x, sy, s * 0.5, s * 0.8, s * 0.05, tilt, false, 28))}" fill="url(#mR)" stroke="url(#mE)" stroke-width=".4"/>`);
  out.push(stoneTop('pear', x, sy, s * 0.5, s * 0.8, tilt));
  return out.join('');
}

export function drawEarrings(d: EarringDesign, view: View): string {
  const isHoop = d.kind === 'hoop';
  const isDrop = d.kind === 'drop' || d.kind === 'threader' || d.kind === 'linear';
  if (view === 'front') {
    return [62, 138]
      .map((x) => {
        if (isHoop) {
          const r = Math.min(34, (d.hoopMm ?? 15) * 1.7);
          return hoop(d, x, 100, r, r, d.stones ? 6 : 4.5);
        }
        if (isDrop) return drop(d, x, 48, 70);
        const s = d.kind === 'cluster' ? 24 : 34;
        return head(d, x, 100, s * across(d.shape), s);
      })
      .join('');
  }
  if (view === 'angled') {
    if (isHoop) {
      const r = Math.min(56, (d.hoopMm ?? 15) * 2.8);
      return (
        hoop(d, 100, 100, r * 0.6, r, d.stones ? 9 : 7) +
        `<path d="M${r1(100 - r * 0.05)} ${r1(100 - r)}l-3 -9" stroke="url(#mE)" stroke-width="2.2" stroke-linecap="round"/>`
      );
    }
    if (isDrop) return drop(d, 100, 30, 110, 0.8);
    const s = d.kind === 'cluster' ? 34 : 48;
    const w = s * across(d.shape);
    // The post goes back from the head, seen at three quarters.
    return `<path d="M${r1(100 + s * 0.2)} ${r1(100 + s * 0.1)}L${r1(100 + s * 1.1)} ${r1(100 - s * 0.5)}" stroke="url(#mE)" stroke-width="3.6" stroke-linecap="round"/><path d="M${r1(100 + s * 0.2)} ${r1(100 + s * 0.1)}L${r1(100 + s * 1.1)} ${r1(100 - s * 0.5)}" stroke="url(#mH)" stroke-width="2.6" stroke-linecap="round"/>${head(d, 100, 100, w, s, 0.6)}`;
  }
  // From the side.
  if (isHoop) {
    const r = Math.min(56, (d.hoopMm ?? 15) * 2.8);
    const t = d.stones ? 9 : 7;
    return `<rect x="${r1(100 - t / 2)}" y="${r1(100 - r)}" width="${r1(t)}" height="${r1(2 * r)}" rx="${r1(t / 2)}" fill="url(#mH)" stroke="url(#mE)" stroke-width=".5"/>${
      d.stones
        ? meleeRow(
            Array.from({ length: 7 }, (_, i) => [100, 100 + r * 0.1 + i * r * 0.13] as Point),
            t * 0.3,
          )
        : ''
    }<path d="M100 ${r1(100 - r)}l0 -8" stroke="url(#mE)" stroke-width="2" stroke-linecap="round"/>`;
  }
  if (isDrop) {
    return `${melee(100, 30, 10)}<path d="M100 30V${d.kind === 'threader' ? 170 : 96}" stroke="url(#mE)" stroke-width="2"/>${
      d.kind === 'drop'
        ? `<path d="M95 96H105V112H95Z" fill="url(#mH)" stroke="url(#mE)" stroke-width=".4"/><g transform="rotate(-90 100 134)">${stoneSide(100, 134, 46)}</g>`
        : d.kind === 'linear'
          ? meleeRow(
              [
                [100, 50],
                [100, 64],
                [100, 80],
                [100, 98],
                [100, 118],
              ],
              6,
            )
          : melee(100, 170, 6)
    }`;
  }
  const w = d.kind === 'cluster' ? 44 : d.shape === 'emerald' ? 46 : d.shape === 'oval' ? 60 : 54;
  const extra = d.halo
    ? `<rect x="${r1(100 - w * 0.06)}" y="${r1(104 - w * 0.78)}" width="${r1(w * 0.14)}" height="${r1(w * 1.56)}" rx="2" fill="url(#mH)" stroke="url(#mE)" stroke-width=".4"/>${meleeRow(
        [
          [94, 104 - w * 0.68],
          [94, 104 + w * 0.68],
        ],
        3.4,
      )}`
    : d.bezel
      ? `<rect x="${r1(100 - w * 0.2)}" y="${r1(104 - w * 0.58)}" width="${r1(w * 0.3)}" height="${r1(w * 1.16)}" rx="2" fill="url(#mH)" stroke="url(#mE)" stroke-width=".4"/>`
      : d.kind === 'cluster'
        ? meleeRow(
            [
              [96, 104 - w * 0.62],
              [96, 104 + w * 0.62],
            ],
            5,
          )
        : '';
  return `${extra}<path d="M${r1(100)} ${r1(104)}H178" stroke="url(#mE)" stroke-width="3.4" stroke-linecap="round"/><path d="M100 104H178" stroke="url(#mH)" stroke-width="2.4" stroke-linecap="round"/><path d="M150 86C140 96 140 112 150 122L158 118C152 110 152 98 158 90Z" fill="url(#mR)" stroke="url(#mE)" stroke-width=".5"/><path d="M${r1(100 - w * 0.3)} ${r1(104 + w * 0.2)}L${r1(100 + w * 0.3)} ${r1(104 + w * 0.2)}L${r1(100 + w * 0.15)} ${r1(104 + w * 0.02)}L${r1(100 - w * 0.15)} ${r1(104 + w * 0.02)}Z" fill="url(#mH)" transform="rotate(-90 100 104)"/>${`<g transform="rotate(-90 100 104)">${stoneSide(100, 104 - w * 0.1, w, false)}</g>`}${glint(86, 94, 3)}`;
}
