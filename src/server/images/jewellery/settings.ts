/**
 * Engagement-ring settings: the head (prongs, bezel, halo, side stones) on a shank (plain, knife-edge,
 * pavé, split, vine, cathedral shoulders, milgrain), from above, at three quarters and end on.
 * Sizes are in millimetres, drawn at a fixed scale per view, so a bigger stone is drawn bigger.
 */
import {
  arc,
  bandCircle,
  bandEllipse,
  claw,
  glint,
  meleeRow,
  milgrain,
  onOutline,
  outline,
  poly,
  prongPositions,
  prongTip,
  r1,
  smooth,
  stoneSide,
  stoneTop,
  type Point,
  type StoneSpec,
  type View,
} from './parts.ts';

export interface SettingDesign {
  prongs: 0 | 4 | 6;
  bezel?: boolean;
  halo?: 'melee' | 'hidden' | 'deco';
  /** A second row of melee around the halo (a melee halo only). */
  doubleHalo?: boolean;
  milgrain?: boolean;
  sides?: 'stones' | 'tapered';
  shank: 'plain' | 'knife' | 'pave' | 'split' | 'vine';
  cathedral?: boolean;
  eastWest?: boolean;
  /** Shank width at the top, mm. */
  shankMm: number;
}

/** Ring's outer radius, mm (about a US size 6 with its band). */
const RING_R = 9.6;

function stoneBox(stone: StoneSpec, k: number, eastWest: boolean): { w: number; h: number } {
  // The box the stone's outline fills before any quarter turn (east-west turns it in stoneTop).
  return { w: stone.widthMm * k, h: stone.lengthMm * k, ...(eastWest ? {} : {}) };
}

export function drawSetting(d: SettingDesign, view: View, stone: StoneSpec): string {
  if (view === 'front') return front(d, stone);
  if (view === 'angled') return angled(d, stone);
  return profile(d, stone);
}

// ---------- face up ----------
function front(d: SettingDesign, stone: StoneSpec): string {
  const k = 7.2;
  const cx = 100;
  const cy = 100;
  const ew = Boolean(d.eastWest);
  const { w, h } = stoneBox(stone, k, ew);
  const across = ew ? h : w; // the stone's extent along the shank
  const R = RING_R * k;
  const sw = d.shankMm * k;
  const parts: string[] = [];
  // The shank runs across, a little narrower towards the head when petite, shaded dark at its ends.
  const strip = (y: number, wid: number, paint = 'url(#mB)') =>
    `<path d="M${r1(cx - R)} ${r1(y - wid * 0.42)}Q${r1(cx)} ${r1(y - wid * 0.56)} ${r1(cx + R)} ${r1(y - wid * 0.42)}L${r1(cx + R)} ${r1(y + wid * 0.42)}Q${r1(cx)} ${r1(y + wid * 0.56)} ${r1(cx - R)} ${r1(y + wid * 0.42)}Z" fill="${paint}" stroke="url(#mE)" stroke-width=".5"/>`;
  const endShade = d.shank === 'split' ? '' : strip(cy, sw, 'url(#fade)').replace(' stroke="url(#mE)" stroke-width=".5"', '');
  const fade = `<defs><linearGradient id="fade"><stop offset="0" stop-color="#2b2118" stop-opacity=".45"/><stop offset=".25" stop-color="#2b2118" stop-opacity="0"/><stop offset=".75" stop-color="#2b2118" stop-opacity="0"/><stop offset="1" stop-color="#2b2118" stop-opacity=".45"/></linearGradient></defs>`;
  parts.push(fade);
  if (d.shank === 'split') {
    // Two strands that part towards the head.
    for (const s of [-1, 1]) {
      const pts: Point[] = [
        [cx - R, cy + s * sw * 0.2],
        [cx - across * 0.9, cy + s * sw * 0.35],
        [cx - across * 0.45, cy + s * sw * 0.9],
        [cx + across * 0.45, cy + s * sw * 0.9],
        [cx + across * 0.9, cy + s * sw * 0.35],
        [cx + R, cy + s * sw * 0.2],
      ];
      parts.push(
        `<path d="${smooth(pts)}" fill="none" stroke="url(#mE)" stroke-width="${r1(sw * 0.62)}" stroke-linecap="round"/><path d="${smooth(pts)}" fill="none" stroke="url(#mR)" stroke-width="${r1(sw * 0.52)}" stroke-linecap="round"/>`,
      );
      parts.push(
        meleeRow(
          pts
            .slice(1, 3)
            .flatMap((p, i, a) => (i ? [] : [p, [(p[0] + a[1]![0]) / 2, (p[1] + a[1]![1]) / 2] as Point]))
            .concat(pts.slice(3, 5).flatMap((p, i, a) => (i ? [] : [[(p[0] + a[1]![0]) / 2, (p[1] + a[1]![1]) / 2] as Point, a[1]!]))),
          sw * 0.2,
        ),
      );
    }
  } else {
    parts.push(strip(cy, sw, d.shank === 'knife' ? 'url(#mK)' : 'url(#mB)'));
    if (d.shank === 'pave') {
      const n = 7;
      for (const s of [-1, 1]) {
        parts.push(
          meleeRow(
            Array.from({ length: n }, (_, i) => [cx + s * (across * 0.6 + 4 + i * sw * 0.62), cy] as Point).filter(([x]) => Math.abs(x - cx) < R - sw * 0.5),
            sw * 0.26,
          ),
        );
      }
    }
    if (d.shank === 'vine') {
      const pts: Point[] = Array.from({ length: 13 }, (_, i) => [cx - R + (i * 2 * R) / 12, cy + Math.sin(i * 1.3) * sw * 0.45] as Point);
      parts.push(
        `<path d="${smooth(pts)}" fill="none" stroke="url(#mE)" stroke-width="${r1(sw * 0.42)}" stroke-linecap="round"/><path d="${smooth(pts)}" fill="none" stroke="url(#mR)" stroke-width="${r1(sw * 0.32)}" stroke-linecap="round"/>`,
      );
      parts.push(
        meleeRow(
          pts.filter((_, i) => i % 3 === 1 && Math.abs(pts[i]![0] - cx) > across * 0.6),
          sw * 0.17,
        ),
      );
    }
    if (d.milgrain) {
      for (const s of [-1, 1])
        parts.push(
          milgrain(
            Array.from({ length: 30 }, (_, i) => [cx - R + 3 + (i * (2 * R - 6)) / 29, cy + s * sw * 0.45] as Point).filter(
              ([x]) => Math.abs(x - cx) > across * 0.55,
            ),
            0.55,
          ),
        );
    }
  }
  parts.push(endShade);
  if (d.cathedral) {
    for (const s of [-1, 1])
      parts.push(
        `<path d="M${r1(cx + s * across * 0.25)} ${r1(cy - sw * 0.55)}Q${r1(cx + s * across * 0.75)} ${r1(cy)} ${r1(cx + s * (across * 0.25))} ${r1(cy + sw * 0.55)}Z" fill="url(#mH)" opacity=".9"/>`,
      );
  }
  // Side stones.
  if (d.sides) parts.push(frontSides(d, stone, cx, cy, w, h, ew, k));
  // Halo or bezel under the stone.
  const grow = 1.15 * k;
  if (d.halo === 'melee' || d.halo === 'deco') {
    const ring = outline(stone.shape, cx, cy, w, h, grow * 0.95, 1, ew, 24);
    const plate = d.doubleHalo ? 2.75 : 1.75;
    parts.push(`<path d="${poly(outline(stone.shape, cx, cy, w, h, grow * plate, 1, ew, 32))}" fill="url(#mR)" stroke="url(#mE)" stroke-width=".5"/>`);
    const n = Math.max(14, Math.round(perimeter(ring) / (k * 1.15)));
    parts.push(meleeRow(outline(stone.shape, cx, cy, w, h, grow * 0.95, 1, ew, n), k * 0.5));
    if (d.doubleHalo) {
      const outer = outline(stone.shape, cx, cy, w, h, grow * 2.05, 1, ew, 24);
      parts.push(meleeRow(outline(stone.shape, cx, cy, w, h, grow * 2.05, 1, ew, Math.max(18, Math.round(perimeter(outer) / (k * 1.1)))), k * 0.46));
    }
    if (d.halo === 'deco') {
      const sq = outline('emerald', cx, cy, w + grow * 3.6, h + grow * 3.6, 0, 1, ew, 8);
      parts.unshift('');
      parts.push(
        `<path d="${poly(sq)}" fill="none" stroke="url(#mE)" stroke-width="${r1(k * 0.9)}"/><path d="${poly(sq)}" fill="none" stroke="url(#mR)" stroke-width="${r1(k * 0.7)}"/>`,
      );
      parts.push(
        meleeRow(
          sq.map((p, i) => {
            const q = sq[(i + 1) % sq.length]!;
            return [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2] as Point;
          }),
          k * 0.32,
        ),
      );
    }
    if (d.milgrain) parts.push(milgrain(outline(stone.shape, cx, cy, w, h, grow * plate, 1, ew, 44), 0.55));
  }
  if (d.bezel) {
    parts.push(
      `<path d="${poly(outline(stone.shape, cx, cy, w, h, k * 0.9, 1, ew, 32))}" fill="url(#mR)" stroke="url(#mE)" stroke-width=".5"/><path d="${poly(outline(stone.shape, cx, cy, w, h, k * 0.35, 1, ew, 32))}" fill="url(#mB)" stroke="url(#mE)" stroke-width=".4"/>`,
    );
  }
  if (d.halo === 'hidden') parts.push(meleeRow(outline(stone.shape, cx, cy, w, h, k * 0.25, 1, ew, 20), k * 0.28));
  parts.push(stoneTop(stone.shape, cx, cy, w, h, 1, ew));
  if (d.prongs) {
    const o = outline(stone.shape, cx, cy, w, h, -0.2 * k, 1, ew, 48);
    for (const t of prongPositions(stone.shape, d.prongs)) {
      const [x, y] = onOutline(o, t);
      parts.push(prongTip(x, y, k * (d.prongs === 6 ? 0.42 : 0.5)));
    }
  }
  return parts.join('');
}

function frontSides(d: SettingDesign, stone: StoneSpec, cx: number, cy: number, w: number, h: number, ew: boolean, k: number): string {
  const across = ew ? h : w;
  const out: string[] = [];
  for (const s of [-1, 1]) {
    if (d.sides === 'tapered') {
      const x0 = cx + s * (across / 2 + k * 0.5);
      const x1 = x0 + s * k * 4.2;
      const hh0 = Math.min(h, w) * 0.3;
      const hh1 = hh0 * 0.55;
      const q: Point[] = [
        [x0, cy - hh0],
        [x1, cy - hh1],
        [x1, cy + hh1],
        [x0, cy + hh0],
      ];
      out.push(
        `<path d="${poly(q)}" fill="url(#mE)" transform="translate(0 0)" stroke="url(#mE)" stroke-width="${r1(k * 0.5)}" stroke-linejoin="round"/><path d="${poly(q)}" fill="url(#sG)" stroke="#6d7d8e" stroke-width=".5"/><path d="M${r1(x0 + s * k * 0.5)} ${r1(cy - hh0 * 0.6)}L${r1(x1 - s * k * 0.5)} ${r1(cy - hh1 * 0.6)}L${r1(x1 - s * k * 0.5)} ${r1(cy + hh1 * 0.6)}L${r1(x0 + s * k * 0.5)} ${r1(cy + hh0 * 0.6)}Z" fill="url(#sT)" stroke="#8d99a6" stroke-width=".3"/>${glint(x0 + s * k * 1.2, cy - hh0 * 0.3, 1.6)}`,
      );
    } else {
      const sw = w * 0.62;
      const sh = h * 0.62;
      const sx = cx + s * (across / 2 + (ew ? sh : sw) / 2 + k * 0.45);
      const sy = cy;
      out.push(stoneTop(stone.shape === 'heart' ? 'pear' : stone.shape, sx, sy, sw, sh, 1, ew));
      const o = outline(stone.shape, sx, sy, sw, sh, -0.15 * k, 1, ew, 48);
      for (const t of prongPositions(stone.shape, 4)) {
        const [x, y] = onOutline(o, t);
        out.push(prongTip(x, y, k * 0.36));
      }
    }
  }
  return out.join('');
}

function perimeter(pts: Point[]): number {
  return pts.reduce((sum, p, i) => sum + Math.hypot(p[0] - pts[(i + 1) % pts.length]![0], p[1] - pts[(i + 1) % pts.length]![1]), 0);
}

// ---------- three quarters ----------
function angled(d: SettingDesign, stone: StoneSpec): string {
  const k = 6.6;
  const tilt = 0.6;
  const cx = 100;
  const ecy = 130;
  const rx = RING_R * k;
  const ry = rx * 0.58;
  const t = d.shankMm * k * 1.15;
  const ew = Boolean(d.eastWest);
  const { w, h } = stoneBox(stone, k, ew);
  const across = ew ? h : w;
  const depth = ew ? w : h; // extent towards the viewer
  const top = ecy - ry; // top of the shank, behind the head
  const gy = top - k * 1.9 - depth * tilt * 0.25; // girdle centre
  const pav = Math.min(w, h) * 0.43 + 2;
  const parts: string[] = [];
  // Shank.
  parts.push(bandEllipse(cx, ecy, rx, ry, t, d.shank === 'knife' ? 'url(#mK)' : 'url(#mB)'));
  const mid = (a: number) => arc(cx, ecy - t * 0.12, rx - t * 0.3, ry - t * 0.3, a, a, 1)[0]!;
  if (d.shank === 'knife')
    parts.push(
      `<path d="${smooth(arc(cx, ecy - t * 0.1, rx - t * 0.28, ry - t * 0.3, 100, 260, 12))}" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width=".9"/>`,
    );
  if (d.shank === 'pave' || d.shank === 'split') {
    const a = arc(cx, ecy - t * 0.12, rx - t * 0.3, ry - t * 0.32, 35, 85, 6).concat(arc(cx, ecy - t * 0.12, rx - t * 0.3, ry - t * 0.32, -35, -85, 6));
    if (d.shank === 'split') {
      parts.push(
        `<path d="${smooth(arc(cx, ecy - t * 0.12, rx - t * 0.3, ry - t * 0.32, 20, 95, 8))}" fill="none" stroke="url(#mE)" stroke-width=".8"/><path d="${smooth(arc(cx, ecy - t * 0.12, rx - t * 0.3, ry - t * 0.32, -20, -95, 8))}" fill="none" stroke="url(#mE)" stroke-width=".8"/>`,
      );
      parts.push(
        meleeRow(
          arc(cx, ecy - t * 0.3, rx - t * 0.12, ry - t * 0.15, 35, 80, 5).concat(arc(cx, ecy - t * 0.3, rx - t * 0.12, ry - t * 0.15, -35, -80, 5)),
          t * 0.2,
        ),
      );
      parts.push(
        meleeRow(
          arc(cx, ecy + t * 0.05, rx - t * 0.5, ry - t * 0.5, 35, 80, 5).concat(arc(cx, ecy + t * 0.05, rx - t * 0.5, ry - t * 0.5, -35, -80, 5)),
          t * 0.2,
        ),
      );
    } else parts.push(meleeRow(a, t * 0.2));
  }
  if (d.shank === 'vine') {
    const pts = Array.from({ length: 15 }, (_, i) => {
      const a = -110 + (i * 220) / 14;
      const [x, y] = mid(a);
      return [x, y + Math.sin(i * 1.4) * t * 0.35] as Point;
    });
    parts.push(
      `<path d="${smooth(pts)}" fill="none" stroke="url(#mE)" stroke-width="${r1(t * 0.42)}" stroke-linecap="round"/><path d="${smooth(pts)}" fill="none" stroke="url(#mR)" stroke-width="${r1(t * 0.32)}" stroke-linecap="round"/>`,
    );
    parts.push(
      meleeRow(
        pts.filter((_, i) => i % 3 === 0),
        t * 0.16,
      ),
    );
  }
  if (d.milgrain) {
    parts.push(milgrain(arc(cx, ecy, rx - 0.6, ry - 0.6, 95, 265, 34), 0.55));
  }
  // Cathedral shoulders rising from the shank to the basket.
  if (d.cathedral) {
    for (const s of [-1, 1]) {
      const [bx, by] = arc(cx, ecy, rx - t * 0.3, ry - t * 0.3, s * 42, s * 42, 1)[0]!;
      parts.push(
        `<path d="M${r1(bx - s * t * 0.5)} ${r1(by)}Q${r1(cx + s * across * 0.55)} ${r1(gy + pav * 0.9)} ${r1(cx + s * across * 0.22)} ${r1(gy + pav * 0.35)}L${r1(cx + s * across * 0.12)} ${r1(gy + pav * 0.5)}Q${r1(cx + s * across * 0.4)} ${r1(gy + pav * 1.3)} ${r1(bx + s * t * 0.6)} ${r1(by + t * 0.2)}Z" fill="url(#mH)" stroke="url(#mE)" stroke-width=".4"/>`,
      );
    }
  }
  // Prongs behind the stone, the basket, the pavilion.
  const o = outline(stone.shape, cx, gy, w, h, -0.1 * k, tilt, ew, 48);
  const prongs = d.prongs ? prongPositions(stone.shape, d.prongs).map((p) => onOutline(o, p)) : [];
  const clawOf = ([x, y]: Point) => claw(cx + (x - cx) * 0.5, top + t * 0.25, x, y - 1, k * (d.prongs === 6 ? 0.75 : 0.88));
  parts.push(
    prongs
      .filter(([, y]) => y < gy)
      .map(clawOf)
      .join(''),
  );
  if (d.sides) parts.push(angledSides(d, stone, cx, gy, w, h, ew, k, tilt, top, t));
  const rail = `<ellipse cx="${cx}" cy="${r1(gy + pav * 0.62)}" rx="${r1(across * 0.3)}" ry="${r1(across * 0.3 * tilt)}" fill="none" stroke="url(#mE)" stroke-width="2.2"/><ellipse cx="${cx}" cy="${r1(gy + pav * 0.62)}" rx="${r1(across * 0.3)}" ry="${r1(across * 0.3 * tilt)}" fill="none" stroke="url(#mH)" stroke-width="1.6"/>`;
  const girdle = outline(stone.shape, cx, gy, w, h, 0, tilt, ew, 32);
  const lower = girdle.filter(([, y]) => y >= gy - 0.01).sort((a, b) => a[0] - b[0]);
  const pavilion = `<path d="M${r1(lower[0]![0])} ${r1(lower[0]![1])}L${cx} ${r1(gy + pav)}L${r1(lower[lower.length - 1]![0])} ${r1(lower[lower.length - 1]![1])}Z" fill="url(#sP)" stroke="#6d7d8e" stroke-width=".5"/><path d="M${r1(cx - across * 0.25)} ${r1(gy)}L${cx} ${r1(gy + pav)}L${r1(cx + across * 0.25)} ${r1(gy)}" fill="none" stroke="#8d99a6" stroke-width=".3"/>`;
  if (d.bezel) {
    const cup = outline(stone.shape, cx, gy, w, h, k * 0.7, tilt, ew, 32);
    const low = cup.map(([x, y]) => [x, y + k * 1.6] as Point);
    parts.push(
      `<path d="${poly(low)}" fill="url(#mH)" stroke="url(#mE)" stroke-width=".5"/><path d="M${r1(cx - across / 2 - k * 0.7)} ${r1(gy)}L${r1(cx - across / 2 - k * 0.7)} ${r1(gy + k * 1.6)}L${r1(cx + across / 2 + k * 0.7)} ${r1(gy + k * 1.6)}L${r1(cx + across / 2 + k * 0.7)} ${r1(gy)}Z" fill="url(#mH)"/><path d="${poly(cup)}" fill="url(#mR)" stroke="url(#mE)" stroke-width=".5"/>`,
    );
    parts.push(
      `<path d="M${r1(cx - across * 0.25)} ${r1(gy + k * 1.6)}L${r1(cx - across * 0.1)} ${r1(top + t * 0.2)}L${r1(cx + across * 0.1)} ${r1(top + t * 0.2)}L${r1(cx + across * 0.25)} ${r1(gy + k * 1.6)}Z" fill="url(#mH)" stroke="url(#mE)" stroke-width=".4"/>`,
    );
  } else {
    parts.push(rail, pavilion);
  }
  if (d.halo === 'hidden')
    parts.push(
      meleeRow(
        outline(stone.shape, cx, gy + k * 0.9, w, h, k * 0.15, tilt, ew, 22).filter(([, y]) => y > gy),
        k * 0.3,
      ),
    );
  if (d.halo === 'melee' || d.halo === 'deco') {
    const g = k * 1.1;
    const plate = d.doubleHalo ? 2.75 : 1.75;
    parts.push(
      `<path d="${poly(outline(stone.shape, cx, gy + 1.5, w, h, g * plate, tilt, ew, 32))}" fill="url(#mH)" stroke="url(#mE)" stroke-width=".5"/><path d="${poly(outline(stone.shape, cx, gy, w, h, g * plate, tilt, ew, 32))}" fill="url(#mR)" stroke="url(#mE)" stroke-width=".5"/>`,
    );
    const ring = outline(stone.shape, cx, gy, w, h, g * 0.95, 1, ew, 24);
    const n = Math.max(14, Math.round(perimeter(ring) / (k * 1.15)));
    parts.push(meleeRow(outline(stone.shape, cx, gy, w, h, g * 0.95, tilt, ew, n), k * 0.48));
    if (d.doubleHalo) {
      const outer = outline(stone.shape, cx, gy, w, h, g * 2.05, 1, ew, 24);
      parts.push(meleeRow(outline(stone.shape, cx, gy, w, h, g * 2.05, tilt, ew, Math.max(18, Math.round(perimeter(outer) / (k * 1.1)))), k * 0.44));
    }
    if (d.milgrain) parts.push(milgrain(outline(stone.shape, cx, gy, w, h, g * plate, tilt, ew, 40), 0.5));
    if (d.halo === 'deco') {
      const sq = outline('emerald', cx, gy + 1, w + g * 3.4, h + g * 3.4, 0, tilt, ew, 8);
      parts.push(
        `<path d="${poly(sq)}" fill="none" stroke="url(#mE)" stroke-width="${r1(k * 0.9)}"/><path d="${poly(sq)}" fill="none" stroke="url(#mR)" stroke-width="${r1(k * 0.7)}"/>`,
      );
    }
  }
  parts.push(stoneTop(stone.shape, cx, gy - pav * 0.12, w, h, tilt, ew));
  parts.push(
    prongs
      .filter(([, y]) => y >= gy)
      .map(clawOf)
      .join(''),
  );
  return parts.join('');
}

function angledSides(
  d: SettingDesign,
  stone: StoneSpec,
  cx: number,
  gy: number,
  w: number,
  h: number,
  ew: boolean,
  k: number,
  tilt: number,
  top: number,
  t: number,
): string {
  const across = ew ? h : w;
  const out: string[] = [];
  for (const s of [-1, 1]) {
    if (d.sides === 'tapered') {
      const x0 = cx + s * (across / 2 + k * 0.3);
      const x1 = x0 + s * k * 4;
      const y0 = gy + 2;
      const y1 = gy + k * 1.6;
      const hh0 = Math.min(w, h) * 0.3 * tilt;
      const q: Point[] = [
        [x0, y0 - hh0],
        [x1, y1 - hh0 * 0.55],
        [x1, y1 + hh0 * 0.55],
        [x0, y0 + hh0],
      ];
      out.push(
        `<path d="${poly(q.map(([x, y]) => [x, y + 3] as Point))}" fill="url(#mH)" stroke="url(#mE)" stroke-width=".5"/><path d="${poly(q)}" fill="url(#sG)" stroke="#6d7d8e" stroke-width=".5"/>${glint(x0 + s * 3, y0, 1.4)}`,
      );
    } else {
      const sw = w * 0.62;
      const sh = h * 0.62;
      const sx = cx + s * (across / 2 + (ew ? sh : sw) / 2 + k * 0.3);
      const sy = gy + k * 1.2;
      const sp = Math.min(sw, sh) * 0.45;
      out.push(claw(sx - s * sw * 0.1, top + t * 0.3, sx, sy + sp, k * 0.6));
      out.push(
        `<path d="M${r1(sx - sw / 2)} ${r1(sy)}L${r1(sx)} ${r1(sy + sp)}L${r1(sx + sw / 2)} ${r1(sy)}Z" fill="url(#sP)" stroke="#6d7d8e" stroke-width=".4"/>`,
      );
      out.push(stoneTop(stone.shape === 'heart' ? 'pear' : stone.shape, sx, sy, sw, sh, tilt, ew));
      const o = outline(stone.shape, sx, sy, sw, sh, -0.1 * k, tilt, ew, 48);
      for (const p of prongPositions(stone.shape, 4)) {
        const [x, y] = onOutline(o, p);
        out.push(prongTip(x, y, k * 0.34));
      }
    }
  }
  return out.join('');
}

// ---------- end on ----------
function profile(d: SettingDesign, stone: StoneSpec): string {
  const k = 6;
  const cx = 100;
  const cy = 128;
  const R = RING_R * k;
  // A wider shank is made a little deeper too (a comfort-fit band is both).
  const thick = (1.2 + d.shankMm * 0.25) * k;
  const ew = Boolean(d.eastWest);
  const across = (ew ? stone.lengthMm : stone.widthMm) * k;
  const top = cy - R;
  const gy = top - k * 3.4;
  const crown = across * 0.16;
  const pav = across * 0.43;
  const parts: string[] = [];
  parts.push(bandCircle(cx, cy, R, thick, d.shank === 'knife' ? 'url(#mK)' : 'url(#mR)'));
  if (d.shank === 'knife')
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r1(R - thick * 0.5)}" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width=".7"/>`);
  if (d.shank === 'pave' || d.shank === 'split')
    parts.push(meleeRow(arc(cx, cy, R + 0.4, R + 0.4, 28, 80, 5).concat(arc(cx, cy, R + 0.4, R + 0.4, -28, -80, 5)), k * 0.38));
  if (d.shank === 'split') parts.push(`<circle cx="${cx}" cy="${cy}" r="${r1(R - thick * 0.5)}" fill="none" stroke="url(#mE)" stroke-width=".8"/>`);
  if (d.shank === 'vine') {
    const pts = Array.from({ length: 25 }, (_, i) => {
      const a = (-150 + (i * 300) / 24) * (Math.PI / 180);
      const rr = R - thick * 0.5 + Math.sin(i * 1.6) * thick * 0.45;
      return [cx + rr * Math.sin(a), cy - rr * Math.cos(a)] as Point;
    });
    parts.push(
      `<path d="${smooth(pts)}" fill="none" stroke="url(#mE)" stroke-width="${r1(thick * 0.38)}"/><path d="${smooth(pts)}" fill="none" stroke="url(#mR)" stroke-width="${r1(thick * 0.28)}"/>`,
    );
  }
  if (d.milgrain) parts.push(milgrain(arc(cx, cy, R, R, -170, 170, 60), 0.55));
  // Cathedral arches.
  if (d.cathedral) {
    for (const s of [-1, 1]) {
      const [bx, by] = arc(cx, cy, R - thick * 0.2, R - thick * 0.2, s * 38, s * 38, 1)[0]!;
      parts.push(
        `<path d="M${r1(bx)} ${r1(by)}Q${r1(cx + s * across * 0.5)} ${r1(top - k)} ${r1(cx + s * across * 0.3)} ${r1(gy + pav * 0.55)}L${r1(cx + s * across * 0.15)} ${r1(gy + pav * 0.75)}Q${r1(cx + s * across * 0.3)} ${r1(top + thick)} ${r1(bx - s * thick * 0.9)} ${r1(by + thick * 0.4)}Z" fill="url(#mH)" stroke="url(#mE)" stroke-width=".4"/>`,
      );
    }
  }
  // Basket (gallery) under the stone, with its window.
  const bw = across * 0.36;
  parts.push(
    `<path d="M${r1(cx - bw)} ${r1(gy + pav * 0.5)}L${r1(cx + bw)} ${r1(gy + pav * 0.5)}L${r1(cx + bw * 0.5)} ${r1(top + 2)}L${r1(cx - bw * 0.5)} ${r1(top + 2)}Z" fill="url(#mH)" stroke="url(#mE)" stroke-width=".4"/>`,
  );
  parts.push(
    `<path d="M${r1(cx - bw * 0.6)} ${r1(gy + pav * 0.62)}L${r1(cx + bw * 0.6)} ${r1(gy + pav * 0.62)}L${r1(cx + bw * 0.3)} ${r1(top - 1)}L${r1(cx - bw * 0.3)} ${r1(top - 1)}Z" fill="#3a2e22" fill-opacity=".22"/>`,
  );
  if (d.sides === 'stones') parts.push(stoneSide(cx, gy + k * 1.2, across * 0.6, false));
  if (d.halo === 'hidden') {
    parts.push(`<rect x="${r1(cx - across * 0.42)}" y="${r1(gy + pav * 0.2)}" width="${r1(across * 0.84)}" height="${r1(k * 0.9)}" rx="1" fill="url(#mH)"/>`);
    parts.push(
      meleeRow(
        Array.from({ length: 6 }, (_, i) => [cx - across * 0.34 + (i * across * 0.68) / 5, gy + pav * 0.2 + k * 0.45] as Point),
        k * 0.33,
      ),
    );
  }
  parts.push(stoneSide(cx, gy, across));
  if (d.halo === 'melee' || d.halo === 'deco') {
    const hw = across / 2 + k * (d.doubleHalo ? 2.9 : 1.9);
    parts.push(
      `<path d="M${r1(cx - hw)} ${r1(gy - k * 0.3)}L${r1(cx + hw)} ${r1(gy - k * 0.3)}L${r1(cx + hw - k * 0.8)} ${r1(gy + k * 1.2)}L${r1(cx - hw + k * 0.8)} ${r1(gy + k * 1.2)}Z" fill="url(#mH)" stroke="url(#mE)" stroke-width=".4"/>`,
    );
    parts.push(
      meleeRow(
        Array.from({ length: 9 }, (_, i) => [cx - hw + k * 0.6 + (i * (2 * hw - k * 1.2)) / 8, gy - k * 0.35] as Point),
        k * 0.42,
      ),
    );
    if (d.milgrain)
      parts.push(
        milgrain(
          Array.from({ length: 18 }, (_, i) => [cx - hw + (i * 2 * hw) / 17, gy + k * 1.25] as Point),
          0.5,
        ),
      );
    if (d.halo === 'deco')
      parts.push(
        `<path d="M${r1(cx - hw - k * 0.4)} ${r1(gy + k * 1.2)}L${r1(cx - bw)} ${r1(top + 1)}M${r1(cx + hw + k * 0.4)} ${r1(gy + k * 1.2)}L${r1(cx + bw)} ${r1(top + 1)}" stroke="url(#mE)" stroke-width="${r1(k * 0.9)}"/><path d="M${r1(cx - hw - k * 0.4)} ${r1(gy + k * 1.2)}L${r1(cx - bw)} ${r1(top + 1)}M${r1(cx + hw + k * 0.4)} ${r1(gy + k * 1.2)}L${r1(cx + bw)} ${r1(top + 1)}" stroke="url(#mH)" stroke-width="${r1(k * 0.7)}"/>`,
      );
  }
  if (d.bezel) {
    parts.push(
      `<path d="M${r1(cx - across / 2 - k * 0.7)} ${r1(gy - crown * 0.35)}L${r1(cx + across / 2 + k * 0.7)} ${r1(gy - crown * 0.35)}L${r1(cx + across * 0.3)} ${r1(gy + pav * 0.75)}L${r1(cx + bw * 0.5)} ${r1(top + 2)}L${r1(cx - bw * 0.5)} ${r1(top + 2)}L${r1(cx - across * 0.3)} ${r1(gy + pav * 0.75)}Z" fill="url(#mH)" stroke="url(#mE)" stroke-width=".5"/>`,
    );
  }
  if (d.sides === 'tapered') {
    parts.push(
      `<path d="M${r1(cx - across * 0.3)} ${r1(gy + k * 1.4)}L${r1(cx + across * 0.3)} ${r1(gy + k * 1.4)}L${r1(cx + across * 0.26)} ${r1(gy + k * 2.6)}L${r1(cx - across * 0.26)} ${r1(gy + k * 2.6)}Z" fill="url(#sP)" stroke="#6d7d8e" stroke-width=".4"/>`,
    );
  }
  if (d.prongs) {
    const xs = d.prongs === 6 ? [-1, 0, 1] : [-1, 1];
    parts.push(xs.map((s) => claw(cx + s * bw * 0.55, top + 2, cx + s * (across / 2 - k * 0.15), gy - crown * 0.55, k * 0.7)).join(''));
  }
  return parts.join('');
}
