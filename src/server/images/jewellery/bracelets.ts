/** Bracelets: tennis lines, bezel stations, bangles (plain or eternity), open cuffs, link chains, pavé infinity, charms; laid out from above, at three quarters and from the side. */
import { arc, bandEllipse, melee, meleeRow, r1, smooth, stoneTop, type View } from './parts.ts';

export interface BraceletDesign {
  kind: 'tennis' | 'station' | 'bangle' | 'cuff' | 'link' | 'infinity' | 'charm';
  eternity?: boolean;
}

const TILT: Record<View, number> = { front: 0.78, angled: 0.5, profile: 0.16 };

export function drawBracelet(d: BraceletDesign, view: View): string {
  const cx = 100;
  const cy = 104;
  const rx = 72;
  const ry = rx * TILT[view];
  const near = (a: number) => 0.75 + 0.25 * -Math.cos((a * Math.PI) / 180); // larger towards the viewer (bottom)
  const out: string[] = [];
  if (d.kind === 'bangle' || d.kind === 'cuff') {
    const t = view === 'profile' ? 12 : 11;
    if (d.kind === 'bangle') out.push(bandEllipse(cx, cy, rx, Math.max(ry, 14), t));
    else {
      const pts = arc(cx, cy, rx, Math.max(ry, 14), 25, 335, 30);
      out.push(
        `<path d="${smooth(pts)}" fill="none" stroke="url(#mE)" stroke-width="${t + 1}" stroke-linecap="round"/><path d="${smooth(pts)}" fill="none" stroke="url(#mB)" stroke-width="${t}" stroke-linecap="round"/><path d="${smooth(arc(cx, cy + 1.5, rx, Math.max(ry, 14), 120, 240, 12))}" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="1.6"/>`,
      );
      for (const a of [25, 335]) {
        const [x, y] = arc(cx, cy, rx, Math.max(ry, 14), a, a, 1)[0]!;
        out.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="${t * 0.62}" fill="url(#mR)" stroke="url(#mE)" stroke-width=".4"/>`, melee(x, y, t * 0.38));
      }
    }
    if (d.eternity) out.push(meleeRow(arc(cx, cy - 1, rx - t * 0.1, Math.max(ry, 14) - t * 0.1, 95, 265, 17), t * 0.3));
    else if (d.kind === 'bangle') out.push(meleeRow(arc(cx, cy - 1, rx - t * 0.1, Math.max(ry, 14) - t * 0.1, 160, 200, 5), t * 0.28));
    else out.push(meleeRow(arc(cx, cy - 1, rx - t * 0.1, Math.max(ry, 14) - t * 0.1, 150, 210, 7), t * 0.22));
    return out.join('');
  }
  const ring = arc(cx, cy, rx, ry, 0, 360, 61);
  const clasp = `<rect x="${r1(cx - 5)}" y="${r1(cy - ry - 3)}" width="10" height="6" rx="2" fill="url(#mB)" stroke="url(#mE)" stroke-width=".4"/>`;
  if (d.kind === 'link' || d.kind === 'charm' || d.kind === 'infinity') {
    const n = 26;
    for (let i = 0; i < n; i++) {
      const a = (i * 360) / n;
      const [x, y] = arc(cx, cy, rx, ry, a, a, 1)[0]!;
      const s = near(a);
      const rot = (Math.atan2(ry * Math.sin((a * Math.PI) / 180), rx * Math.cos((a * Math.PI) / 180)) * 180) / Math.PI;
      out.push(
        `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(6.2 * s)}" ry="${r1(3.6 * s)}" transform="rotate(${Math.round(rot)} ${r1(x)} ${r1(y)})" fill="none" stroke="url(#mE)" stroke-width="${r1(2.6 * s)}"/><ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(6.2 * s)}" ry="${r1(3.6 * s)}" transform="rotate(${Math.round(rot)} ${r1(x)} ${r1(y)})" fill="none" stroke="url(#mR)" stroke-width="${r1(1.9 * s)}"/>`,
      );
    }
    if (d.kind === 'charm') {
      for (const a of [140, 180, 220]) {
        const [x, y] = arc(cx, cy, rx, ry, a, a, 1)[0]!;
        out.push(`<path d="M${r1(x)} ${r1(y)}v6" stroke="url(#mE)" stroke-width="1.2"/>`);
        out.push(
          a === 180
            ? `<path d="M${r1(x)} ${r1(y + 22)}c-9-7-11-14-6-17 3-2 6 0 6 3 0-3 3-5 6-3 5 3 3 10-6 17z" fill="url(#mR)" stroke="url(#mE)" stroke-width=".5"/>${melee(x, y + 12, 2)}`
            : `<circle cx="${r1(x)}" cy="${r1(y + 12)}" r="6" fill="url(#mR)" stroke="url(#mE)" stroke-width=".5"/>`,
        );
      }
    }
    if (d.kind === 'infinity') {
      const y = cy + ry;
      const inf = `M${cx} ${r1(y)}c8-10 22-10 22 0s-14 10-22 0c-8-10-22-10-22 0s14 10 22 0z`;
      out.push(`<path d="${inf}" fill="none" stroke="url(#mE)" stroke-width="6.4"/><path d="${inf}" fill="none" stroke="url(#mR)" stroke-width="5.4"/>`);
      out.push(
        meleeRow(
          [
            [cx - 19, y],
            [cx - 15, y - 5],
            [cx - 8, y - 5.5],
            [cx - 8, y + 5.5],
            [cx - 15, y + 5],
            [cx + 19, y],
            [cx + 15, y - 5],
            [cx + 8, y - 5.5],
            [cx + 8, y + 5.5],
            [cx + 15, y + 5],
          ],
          1.9,
        ),
      );
    }
    out.push(clasp);
    return out.join('');
  }
  // Tennis and station: a line of set stones (or stones between lengths of chain).
  const n = d.kind === 'tennis' ? 40 : 60;
  if (d.kind === 'station')
    out.push(
      `<path d="${smooth(ring)}" fill="none" stroke="url(#mE)" stroke-width="1.6"/><path d="${smooth(ring)}" fill="none" stroke="url(#mH)" stroke-width="1" stroke-dasharray="2 .6"/>`,
    );
  else
    out.push(
      `<path d="${smooth(ring)}" fill="none" stroke="url(#mE)" stroke-width="6.4"/><path d="${smooth(ring)}" fill="none" stroke="url(#mB)" stroke-width="5.6"/>`,
    );
  const order = Array.from({ length: n }, (_, i) => (i * 360) / n).sort((a, b) => -Math.cos((a * Math.PI) / 180) - -Math.cos((b * Math.PI) / 180));
  for (const a of order) {
    if (d.kind === 'station' && Math.round(a / 6) % 6 !== 0) continue;
    const [x, y] = arc(cx, cy, rx, ry, a, a, 1)[0]!;
    const s = near(a);
    if (d.kind === 'station')
      out.push(
        `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(5 * s)}" fill="url(#mR)" stroke="url(#mE)" stroke-width=".4"/>${stoneTop('round', x, y, 6.6 * s, 6.6 * s, 1, false, false)}`,
      );
    else out.push(melee(x, y, 3.1 * s));
  }
  out.push(clasp);
  return out.join('');
}
