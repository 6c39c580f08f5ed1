/**
 * Share images (Open Graph / Twitter cards): 1200×630 PNGs drawn from the shop's own SVG drawings
 * (src/server/images/*-svg.ts, called, never copied) with the piece's name, key grades and price, in the
 * storefront's fonts (Montserrat, Amiri) and colours, rendered by resvg (@resvg/resvg-js, a prebuilt
 * binary from npm). Every input is in the URL (see share-urls.ts), so an image never changes for its URL.
 */
import type { ResvgRenderOptions } from '@resvg/resvg-js';

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

const PRIMARY = '#1d2a3f';
const GOLD = '#8a6a3a';
const IVORY = '#f7f4ef';
const MUTED = '#5f6368';

export interface ShareCard {
  /** The drawing, a whole SVG document (diamondSvg, jewellerySvg). */
  drawing: string;
  eyebrow: string;
  title: string;
  /** Short lines under the title (grades, metal). */
  details: string[];
  price?: string;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Greedy word wrap by characters: Amiri at 60 px fits about 19 average characters in 560 px. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]!.replace(/\s+\S*$/, '')}…`;
  }
  return lines;
}

export function shareCardSvg(card: ShareCard): string {
  const drawing = `data:image/svg+xml;base64,${Buffer.from(card.drawing).toString('base64')}`;
  const titleLines = wrap(card.title, 19, 3);
  let y = 200;
  const title = titleLines
    .map((line) => `<text x="640" y="${(y += 66) - 66}" font-family="Amiri" font-weight="700" font-size="60" fill="${PRIMARY}">${escapeXml(line)}</text>`)
    .join('');
  y += 6;
  const details = card.details
    .slice(0, 3)
    .map((line) => `<text x="640" y="${(y += 40) - 40}" font-family="Montserrat" font-size="26" fill="${MUTED}">${escapeXml(line)}</text>`)
    .join('');
  const price = card.price
    ? `<text x="640" y="${Math.max(y + 50, 470)}" font-family="Montserrat SemiBold, Montserrat" font-weight="600" font-size="46" fill="${PRIMARY}">${escapeXml(card.price)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}">
<rect width="1200" height="630" fill="${IVORY}"/>
<rect x="40" y="40" width="550" height="550" rx="12" fill="#ffffff"/>
<image x="75" y="75" width="480" height="480" href="${drawing}"/>
<text x="640" y="120" font-family="Montserrat SemiBold, Montserrat" font-weight="600" font-size="22" letter-spacing="6" fill="${GOLD}">${escapeXml(wrap(card.eyebrow.toUpperCase(), 34, 1)[0] ?? '')}</text>
<rect x="640" y="146" width="64" height="3" fill="${GOLD}"/>
${title}${details}${price}
<text x="640" y="560" font-family="Amiri" font-size="34" letter-spacing="8" fill="${PRIMARY}">AURELLE</text>
<text x="640" y="590" font-family="Montserrat" font-size="18" letter-spacing="3" fill="${MUTED}">FINE JEWELLERY · CERTIFIED DIAMONDS</text>
</svg>`;
}

/** resvg's options for a card: its width, the shop's fonts (files), the card's background. */
export function shareRenderOptions(fontFiles: string[]): ResvgRenderOptions {
  return {
    fitTo: { mode: 'width', value: SHARE_WIDTH },
    font: { loadSystemFonts: false, fontFiles, defaultFontFamily: 'Montserrat', serifFamily: 'Amiri', sansSerifFamily: 'Montserrat' },
    background: IVORY,
  };
}
