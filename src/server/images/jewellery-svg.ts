/**
 * Product drawings by kind of piece, in the colour of its metal: a ring with its stone, a band, a
 * pair of studs, a hoop, a pendant on its chain, a tennis line. Pure functions: cacheable forever.
 */
import { METAL_COLORS, type MetalCode } from '~/features/catalog/metals.ts';

export const JEWELLERY_KINDS = ['ring', 'band', 'stud', 'hoop', 'drop', 'pendant', 'tennis', 'bangle', 'chain'] as const;
export type JewelleryKind = (typeof JEWELLERY_KINDS)[number];

const STONE = `<radialGradient id="st" cx=".4" cy=".35" r=".7"><stop offset="0" stop-color="#fff"/><stop offset=".6" stop-color="#dfe8f1"/><stop offset="1" stop-color="#a9b9c9"/></radialGradient>`;

function stone(cx: number, cy: number, r: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#st)" stroke="#8193a6" stroke-width="${Math.max(0.4, r / 10)}"/>`;
}

const BODIES: Record<JewelleryKind, string> = {
  ring: `<ellipse cx="100" cy="118" rx="52" ry="50" fill="none" stroke="url(#m)" stroke-width="9"/><path d="M86 70 L100 52 L114 70 Z" fill="url(#m)"/>${stone(100, 50, 17)}`,
  band: `<ellipse cx="100" cy="104" rx="60" ry="56" fill="none" stroke="url(#m)" stroke-width="14"/><ellipse cx="100" cy="104" rx="60" ry="56" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>`,
  stud: `${stone(68, 100, 24)}${stone(132, 100, 24)}<circle cx="68" cy="100" r="26" fill="none" stroke="url(#m)" stroke-width="3"/><circle cx="132" cy="100" r="26" fill="none" stroke="url(#m)" stroke-width="3"/>`,
  hoop: `<circle cx="66" cy="104" r="34" fill="none" stroke="url(#m)" stroke-width="7"/><circle cx="134" cy="104" r="34" fill="none" stroke="url(#m)" stroke-width="7"/>`,
  drop: `<path d="M70 50 V92 M130 50 V92" stroke="url(#m)" stroke-width="3"/><path d="M70 92 C52 120 58 148 70 150 C82 148 88 120 70 92Z M130 92 C112 120 118 148 130 150 C142 148 148 120 130 92Z" fill="url(#st)" stroke="url(#m)" stroke-width="3"/>`,
  pendant: `<path d="M30 30 Q100 130 170 30" fill="none" stroke="url(#m)" stroke-width="3"/><path d="M100 84 V98" stroke="url(#m)" stroke-width="3"/>${stone(100, 116, 18)}<circle cx="100" cy="116" r="20" fill="none" stroke="url(#m)" stroke-width="3"/>`,
  tennis: `<path d="M24 70 Q100 170 176 70" fill="none" stroke="url(#m)" stroke-width="12"/>${Array.from({ length: 11 }, (_, i) => {
    const t = i / 10;
    const x = (1 - t) * (1 - t) * 24 + 2 * (1 - t) * t * 100 + t * t * 176;
    const y = (1 - t) * (1 - t) * 70 + 2 * (1 - t) * t * 170 + t * t * 70;
    return stone(x, y, 6);
  }).join('')}`,
  bangle: `<ellipse cx="100" cy="100" rx="70" ry="44" fill="none" stroke="url(#m)" stroke-width="11"/>${stone(100, 56, 7)}${stone(82, 58, 5)}${stone(118, 58, 5)}`,
  chain: `${Array.from({ length: 9 }, (_, i) => `<ellipse cx="${28 + i * 18}" cy="${100 + Math.sin(i / 1.5) * 10}" rx="11" ry="7" fill="none" stroke="url(#m)" stroke-width="4"/>`).join('')}`,
};

export function jewellerySvg(kind: JewelleryKind, metal: MetalCode): string {
  const [light, dark] = METAL_COLORS[metal];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="${kind} in ${metal.replace(/_/g, ' ')}">
<defs><linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset=".5" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient>${STONE}</defs>
<rect width="200" height="200" fill="#f7f4ef"/>${BODIES[kind]}</svg>`;
}
