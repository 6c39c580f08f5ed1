/** Wedding bands: plain, milgrain, contour, pavé, channel, baguette, eternity; from above, at three quarters, end on. */
import { arc, bandCircle, bandEllipse, melee, meleeRow, milgrain, r1, type Point, type View } from './parts.ts';

export interface BandDesign {
  widthMm: number;
  stones?: 'pave' | 'eternity' | 'half' | 'channel' | 'baguette';
  milgrain?: boolean;
  contour?: boolean;
  bevel?: boolean;
}

const R = 9.6;

export function drawBand(d: BandDesign, view: View): string {
  if (view === 'front') {
    const k = 7.2;
    const cx = 100;
    const cy = 100;
    const L = R * k;
    const w = d.widthMm * k;
    const dip = d.contour ? w * 0.9 : 0;
    const top = `M${r1(cx - L)} ${r1(cy - w / 2)}${d.contour ? `L${r1(cx - 24)} ${r1(cy - w / 2)}Q${cx} ${r1(cy - w / 2 + dip)} ${r1(cx + 24)} ${r1(cy - w / 2)}` : ''}L${r1(cx + L)} ${r1(cy - w / 2)}L${r1(cx + L)} ${r1(cy + w / 2)}L${r1(cx - L)} ${r1(cy + w / 2)}Z`;
    const out = [
      `<defs><linearGradient id="fade"><stop offset="0" stop-color="#2b2118" stop-opacity=".45"/><stop offset=".25" stop-color="#2b2118" stop-opacity="0"/><stop offset=".75" stop-color="#2b2118" stop-opacity="0"/><stop offset="1" stop-color="#2b2118" stop-opacity=".45"/></linearGradient></defs>`,
    ];
    out.push(`<path d="${top}" fill="url(#mB)" stroke="url(#mE)" stroke-width=".5"/>`);
    if (d.bevel) out.push(`<rect x="${r1(cx - L)}" y="${r1(cy - w * 0.22)}" width="${r1(2 * L)}" height="${r1(w * 0.44)}" fill="url(#mH)" opacity=".7"/>`);
    if (d.milgrain)
      for (const s of [-1, 1])
        out.push(
          milgrain(
            Array.from({ length: 36 }, (_, i) => [cx - L + 2 + (i * (2 * L - 4)) / 35, cy + s * w * 0.42] as Point),
            0.55,
          ),
        );
    const row = (n: number, span: number, r: number, y = cy) =>
      meleeRow(
        Array.from({ length: n }, (_, i) => [cx - span + (i * 2 * span) / (n - 1), y] as Point),
        r,
      );
    if (d.stones === 'pave') out.push(row(13, L * 0.62, w * 0.28));
    if (d.stones === 'eternity' || d.stones === 'half') out.push(row(d.stones === 'half' ? 11 : 13, L * 0.9, w * 0.36));
    if (d.contour) out.push(row(5, 18, w * 0.2, cy + w * 0.15));
    if (d.stones === 'channel' || d.stones === 'baguette') {
      const n = d.stones === 'channel' ? 11 : 14;
      const span = L * 0.8;
      const sw = (2 * span) / n;
      out.push(`<rect x="${r1(cx - span - 1)}" y="${r1(cy - w * 0.34)}" width="${r1(2 * span + 2)}" height="${r1(w * 0.68)}" fill="url(#mE)"/>`);
      for (let i = 0; i < n; i++) {
        const x = cx - span + i * sw;
        out.push(
          `<rect x="${r1(x + 0.3)}" y="${r1(cy - w * 0.3)}" width="${r1(sw - 0.6)}" height="${r1(w * 0.6)}" fill="url(#sG)" stroke="#6d7d8e" stroke-width=".3"/><rect x="${r1(x + sw * 0.25)}" y="${r1(cy - w * 0.15)}" width="${r1(sw * 0.5)}" height="${r1(w * 0.3)}" fill="url(#sT)" stroke="#8d99a6" stroke-width=".25"/>`,
        );
      }
    }
    out.push(`<path d="${top}" fill="url(#fade)"/>`);
    return out.join('');
  }
  if (view === 'angled') {
    const k = 6.6;
    const cx = 100;
    const cy = 118;
    const rx = R * k;
    const ry = rx * 0.58;
    const t = 8 + d.widthMm * 2.6;
    const out = [bandEllipse(cx, cy, rx, ry, t)];
    const along = (from: number, to: number, n: number, inset = 0.3) => arc(cx, cy - t * 0.05, rx - t * inset, ry - t * inset * 0.6, from, to, n);
    if (d.milgrain) out.push(milgrain(arc(cx, cy, rx - 0.5, ry - 0.5, 100, 260, 40), 0.55), milgrain(along(100, 260, 36, 0.85), 0.5));
    if (d.bevel)
      out.push(
        `<path d="M${along(100, 100, 1, 0.5)[0]!.map(r1).join(' ')}A${r1(rx - t * 0.5)} ${r1(ry - t * 0.3)} 0 0 0 ${along(260, 260, 1, 0.5)[0]!.map(r1).join(' ')}" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="${r1(t * 0.2)}"/>`,
      );
    if (d.stones === 'pave') out.push(meleeRow(along(140, 220, 9), t * 0.26));
    if (d.stones === 'eternity') out.push(meleeRow(along(95, 265, 15), t * 0.33));
    if (d.stones === 'half') out.push(meleeRow(along(115, 245, 11), t * 0.33));
    if (d.stones === 'channel' || d.stones === 'baguette') {
      const pts = along(125, 235, d.stones === 'channel' ? 9 : 12);
      out.push(`<path d="M${pts.map(([x, y]) => `${r1(x)} ${r1(y)}`).join('L')}" fill="none" stroke="url(#mE)" stroke-width="${r1(t * 0.62)}"/>`);
      out.push(
        pts
          .map(
            ([x, y]) =>
              `<rect x="${r1(x - t * 0.22)}" y="${r1(y - t * 0.25)}" width="${r1(t * 0.44 * (d.stones === 'baguette' ? 0.7 : 1))}" height="${r1(t * 0.5)}" fill="url(#sG)" stroke="#6d7d8e" stroke-width=".3"/>`,
          )
          .join(''),
      );
    }
    if (d.contour) out.push(meleeRow(arc(cx, cy - ry + t * 0.3, 14, 3, -60, 60, 5), t * 0.2));
    return out.join('');
  }
  const k = 6;
  const cx = 100;
  const cy = 112;
  const r = R * k;
  const thick = Math.min(2.4, 1.3 + d.widthMm * 0.12) * k;
  const out = [bandCircle(cx, cy, r, thick)];
  if (d.milgrain) out.push(milgrain(arc(cx, cy, r, r, -175, 175, 70), 0.55));
  if (d.stones === 'eternity') out.push(meleeRow(arc(cx, cy, r + 0.5, r + 0.5, 0, 345, 24), k * 0.5));
  if (d.stones === 'channel' || d.stones === 'baguette') {
    out.push(`<circle cx="${cx}" cy="${cy}" r="${r1(r - thick * 0.1)}" fill="none" stroke="url(#mE)" stroke-width="${r1(thick * 0.5)}"/>`);
    out.push(
      arc(cx, cy, r - thick * 0.1, r - thick * 0.1, 0, 350, d.stones === 'channel' ? 30 : 40)
        .map(
          ([x, y], i) =>
            `<rect x="${r1(x - 1.6)}" y="${r1(y - 1.6)}" width="3.2" height="${d.stones === 'channel' ? 3.2 : 2}" fill="url(#sG)" stroke="#6d7d8e" stroke-width=".2" transform="rotate(${Math.round((i * 350) / (d.stones === 'channel' ? 29 : 39))} ${r1(x)} ${r1(y)})"/>`,
        )
        .join(''),
    );
  }
  if (d.stones === 'half') out.push(meleeRow(arc(cx, cy, r + 0.5, r + 0.5, -90, 90, 13), k * 0.5));
  if (d.stones === 'pave') out.push(meleeRow(arc(cx, cy, r + 0.4, r + 0.4, -50, 50, 9), k * 0.4));
  if (d.contour)
    out.push(
      `<path d="M${r1(cx - 16)} ${r1(cy - r - 1)}Q${cx} ${r1(cy - r + 9)} ${r1(cx + 16)} ${r1(cy - r - 1)}" fill="none" stroke="url(#mE)" stroke-width="1.2"/>${melee(cx, cy - r + 4, 2.2)}`,
    );
  return out.join('');
}
