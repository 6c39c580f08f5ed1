/** The result grid of the diamond listing: one card per stone, each a link to its detail page. */
import { onHoldWords } from '~/lib/hold-words.ts';
import type { DiamondCard } from './diamond-query.ts';
import { SHAPE_LABELS, type Shape } from './grades.ts';
import CompareToggle from '~/features/compare/CompareToggle.tsx';
import type { CompareItem } from '~/features/compare/compare.ts';

/** What the compare tray shows of a listed stone. */
export const compareItem = (d: DiamondCard): CompareItem => ({
  id: d.id,
  name: `${d.carat.toFixed(2)} ct ${SHAPE_LABELS[d.shape as Shape] ?? d.shape}${d.origin === 'lab_grown' ? ' lab-grown' : ''}`,
  image_url: d.image_url,
  url: d.url,
});

/** `linkFor` sends each card elsewhere (build-your-own: the stone's step page, keeping the selection). */
export default function DiamondResults({ diamonds, linkFor }: { diamonds: DiamondCard[]; linkFor?: (d: DiamondCard) => string }) {
  if (!diamonds.length) {
    return (
      <div className="rounded border border-primary/10 bg-ivory px-6 py-16 text-center">
        <p className="font-serif text-2xl text-primary">No diamonds match these filters</p>
        <p className="mt-2 text-sm text-muted">Widen a range or clear a grade to see more stones.</p>
      </div>
    );
  }
  return (
    <ul aria-label="Diamond results" className="diamond-results grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-4">
      {diamonds.map((d, i) => (
        <li key={d.id}>
          <CompareToggle item={compareItem(d)} />
          {/* .diamond-card: src/styles/global.css; each text one string, so no <!-- --> between its parts. */}
          <a href={linkFor ? linkFor(d) : d.url} className="diamond-card">
            <img
              src={d.image_url}
              alt={`${SHAPE_LABELS[d.shape as Shape] ?? d.shape} diamond seen from above`}
              width="160"
              height="160"
              loading={i === 0 ? 'eager' : 'lazy'}
            />
            <span>{`${d.carat.toFixed(2)} ct ${SHAPE_LABELS[d.shape as Shape] ?? d.shape}${d.origin === 'lab_grown' ? ' · Lab-grown' : ''}`}</span>
            <span>{`${d.cut} · ${d.color} · ${d.clarity} · ${d.lab}`}</span>
            <span>{d.formated_price}</span>
            {d.on_hold_until && (
              <span className="mt-1 text-xs text-amber-800" data-testid="diamond-on-hold">
                {onHoldWords(d.on_hold_until)}
              </span>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}
