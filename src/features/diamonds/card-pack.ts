/**
 * The listing island's first page, packed into one string for its props. Astro writes island props as
 * JSON with every value wrapped (`[0, value]`) and every quote escaped (`&quot;`): a quarter of the bytes
 * this way (docs/performance.md). Fields in CARD_FIELDS order (diamond-query.ts), `|` between
 * fields, `;` between cards (either, or `%`, inside a value is percent-escaped); a url or image_url that
 * is the stone's usual one (`/diamonds/{id}`, `/images/diamonds/{shape}.svg`) is left empty.
 */
import { CARD_FIELD_KINDS, CARD_FIELDS, type DiamondCard, type DiamondPage } from './diamond-query.ts';

/**
 * A first page as the island's props carry it: one JSON string (Astro then writes it as one value, not
 * each number wrapped), its cards packed as above.
 */
export type PackedPage = string;
type Packed = Omit<DiamondPage<DiamondCard>, 'data'> & { cards: string };

const usual = (card: DiamondCard, field: 'url' | 'image_url') => (field === 'url' ? `/diamonds/${card.id}` : `/images/diamonds/${card.shape}.svg`);
const escape = (value: string) => value.replace(/[%|;]/g, encodeURIComponent);

export function packPage({ data, ...rest }: DiamondPage<DiamondCard>): PackedPage {
  const cards = data.map((card) =>
    CARD_FIELDS.map((field) => {
      const raw = card[field];
      const value = raw === null || raw === undefined ? '' : String(raw);
      return (field === 'url' || field === 'image_url') && value === usual(card, field) ? '' : escape(value);
    }).join('|'),
  );
  return JSON.stringify({ ...rest, cards: cards.join(';') } satisfies Packed);
}

export function unpackPage(packed: PackedPage): DiamondPage<DiamondCard> {
  const { cards, ...rest } = JSON.parse(packed) as Packed;
  const data =
    cards === ''
      ? []
      : cards.split(';').map((packed) => {
          const values = packed.split('|');
          const card = Object.fromEntries(
            CARD_FIELDS.map((field, i) => [field, CARD_FIELD_KINDS[field] === 'number' ? Number(values[i]) : decodeURIComponent(values[i] ?? '')]),
          ) as DiamondCard;
          if (!card.url) card.url = usual(card, 'url');
          if (!card.image_url) card.image_url = usual(card, 'image_url');
          if (!card.on_hold_until) delete card.on_hold_until;
          return card;
        });
  return { ...rest, data };
}
