/**
 * Keeps the URL and the stored build in step on every page that shows the build-your-own steps. On the
 * three build-your-own routes the stored build fills what the URL leaves out (the page is reloaded once
 * with the full build, so the server renders it); a link's own parts always win, so a shared link opens
 * its build. The build the server could honour is then stored, minus a diamond that has gone. A link that
 * begins a build with the diamond (start=diamond and nothing chosen) starts afresh.
 */
import { BYO_PARAMS, mergeSelections, sameSelection, selectionFromParams, selectionQuery } from './byo.ts';
import { clearSelection, setSelection, storedSelection } from './byo.store.ts';

function sync(bar: HTMLElement): void {
  const fromUrl = selectionFromParams(new URLSearchParams(location.search));
  // "Start with a diamond" (start=diamond, nothing chosen): a new build, whatever was stored before.
  if (fromUrl.start && !fromUrl.setting && !fromUrl.diamond) {
    setSelection(fromUrl);
    return;
  }
  const merged = mergeSelections(storedSelection(), fromUrl);
  if (bar.dataset.byoMerge === 'true' && !sameSelection(merged, fromUrl)) {
    setSelection(merged);
    const rest = new URLSearchParams(location.search);
    for (const name of BYO_PARAMS) rest.delete(name);
    const query = [selectionQuery(merged), rest.toString()].filter(Boolean).join('&');
    location.replace(`${location.pathname}?${query}${location.hash}`);
    return;
  }
  const kept = mergeSelections(storedSelection(), selectionFromParams(new URLSearchParams(bar.dataset.byoKeep ?? '')));
  if (bar.dataset.byoGone && String(kept.diamond) === bar.dataset.byoGone) delete kept.diamond;
  setSelection(kept);
}

const bar = document.querySelector<HTMLElement>('[data-byo-steps]');
if (bar) sync(bar);
for (const reset of document.querySelectorAll<HTMLElement>('[data-byo-reset]')) reset.addEventListener('click', () => clearSelection());
