/**
 * A diamond to scale: the stone at its measured size on a ring on a finger outline, next to the same
 * shape at 0.5, 1 and 2 ct, all at one scale (K drawing units per millimetre), as an inline SVG.
 */
import type { Shape } from '~/features/diamonds/grades.ts';
import { shapeLabel } from '~/features/diamonds/grades.ts';
import { STONE_PAINTS, r1, stoneFacets, type Point } from './diamond-svg.ts';
import { defaultStone } from './jewellery/index.ts';

export const SCALE_UNITS_PER_MM = 6;
const K = SCALE_UNITS_PER_MM;

function stone(shape: Shape, cx: number, cy: number, lengthMm: number, widthMm: number, testid?: string): string {
  const w = widthMm * K;
  const h = lengthMm * K;
  const body = stoneFacets(shape, ([x, y]: Point) => [cx + (x * w) / 2, cy + (y * h) / 2]);
  return `<g${testid ? ` data-testid="${testid}" data-width-mm="${widthMm.toFixed(2)}" data-length-mm="${lengthMm.toFixed(2)}"` : ''}>${body}</g>`;
}

/** Four claws holding the stone on the band. */
function prongs(cx: number, cy: number, lengthMm: number, widthMm: number): string {
  const [a, b] = [(widthMm * K) / 2, (lengthMm * K) / 2];
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ]
    .map(
      ([sx, sy]) =>
        `<circle cx="${r1(cx + sx! * a * 0.68)}" cy="${r1(cy + sy! * b * 0.68)}" r="${r1(Math.max(1.6, K * 0.35))}" fill="url(#gold)" stroke="#9c7a2c" stroke-width=".4"/>`,
    )
    .join('');
}

export function diamondScaleSvg(shape: Shape, lengthMm: number, widthMm: number, carat: number): string {
  const fx = 70;
  // Finger: 17 mm wide, seen from above, with a 2 mm band across it and the stone on the band.
  const fw = 17 * K;
  const nail = `<path d="M${fx - fw * 0.3} ${r1(70 - fw * 0.12)}Q${fx - fw * 0.3} ${r1(70 - fw * 0.56)} ${fx} ${r1(70 - fw * 0.58)}Q${fx + fw * 0.3} ${r1(70 - fw * 0.56)} ${fx + fw * 0.3} ${r1(70 - fw * 0.12)}Z" fill="#f7e1d4" stroke="#d5ad96" stroke-width=".8"/>`;
  const finger = `<path d="M${fx - fw / 2} 250V70Q${fx - fw / 2} ${70 - fw * 0.62} ${fx} ${70 - fw * 0.66}Q${fx + fw / 2} ${70 - fw * 0.62} ${fx + fw / 2} 70V250" fill="url(#skin)" stroke="#b48d74" stroke-width="1.2"/>${nail}<path d="M${fx - fw * 0.32} 205q${r1(fw * 0.32)} 6 ${r1(fw * 0.64)} 0M${fx - fw * 0.28} 212q${r1(fw * 0.28)} 5 ${r1(fw * 0.56)} 0" fill="none" stroke="#c9a48b" stroke-width=".8"/>`;
  const by = 150;
  const band = `<rect x="${fx - fw / 2 - 2}" y="${by - K}" width="${fw + 4}" height="${2 * K}" rx="3" fill="url(#gold)" stroke="#9c7a2c" stroke-width=".6"/>`;
  const compare = [0.5, 1, 2].map((ct, i) => {
    const s = defaultStone(shape, ct);
    const cx = 190 + i * 62;
    return `${stone(shape, cx, 120, s.lengthMm, s.widthMm, `scale-compare-${ct}`)}<text x="${cx}" y="${r1(120 + (s.lengthMm * K) / 2 + 16)}" text-anchor="middle" font-size="11" fill="#3d3a36">${ct} ct</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 380 250" role="img" aria-label="${shapeLabel(shape)} diamond of ${carat.toFixed(2)} ct, ${lengthMm.toFixed(2)} × ${widthMm.toFixed(2)} mm, shown on a ring on a finger, next to the same shape at 0.5, 1 and 2 carats" class="h-auto w-full"><defs>${STONE_PAINTS}<linearGradient id="skin" x1="0" x2="1"><stop offset="0" stop-color="#e6bfa3"/><stop offset=".5" stop-color="#f6dcc8"/><stop offset="1" stop-color="#dcb295"/></linearGradient><linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a9852f"/><stop offset=".45" stop-color="#f8e7a6"/><stop offset="1" stop-color="#b8913a"/></linearGradient></defs>${finger}${band}${stone(shape, fx, by, lengthMm, widthMm, 'scale-stone')}${prongs(fx, by, lengthMm, widthMm)}<text x="${fx}" y="244" text-anchor="middle" font-size="11" fill="#3d3a36">This stone: ${carat.toFixed(2)} ct</text>${compare.join('')}</svg>`;
}
