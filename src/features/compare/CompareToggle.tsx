/** "Compare": a toggle button (aria-pressed) that puts a stone in the compare tray or takes it out. */
import { useStore } from '~/lib/use-store.ts';
import { useHydrated } from '~/features/cart/useHydrated.ts';
import { $compare, toggleCompare } from './compare.store.ts';
import type { CompareItem } from './compare.ts';

export default function CompareToggle({ item }: { item: CompareItem }) {
  const items = useStore($compare);
  const hydrated = useHydrated();
  const on = hydrated && items.some((x) => x.id === item.id);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={`Compare ${item.name}`}
      data-compare-toggle={item.id}
      onClick={() => toggleCompare(item)}
      // .compare-toggle, pressed or not, and its place on a card: src/styles/global.css (24 of these on a listing page).
      className="compare-toggle"
    >
      <span aria-hidden="true">{on ? '✓' : '+'}</span>
      Compare
    </button>
  );
}
