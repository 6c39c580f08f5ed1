/**
 * What every page with a compare tray runs at once (a few hundred bytes): the clicks of static "Compare"
 * buttons, and loading the tray itself (compare-tray.client.ts) only once a stone is chosen.
 */
import { $compare, toggleCompare } from './compare.store.ts';
import type { CompareItem } from './compare.ts';

let loading = false;
$compare.subscribe((items) => {
  if (!items.length || loading) return;
  loading = true;
  void import('./compare-tray.client.ts');
});

document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('button[data-compare-item]');
  if (button) toggleCompare(JSON.parse(button.dataset.compareItem!) as CompareItem);
});
