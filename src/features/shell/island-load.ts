/**
 * Islands that fail to load say so (issue 20). An island's code that has not arrived after the spec's
 * screen-code load time-out (SCREEN_CODE_LOAD_TIMEOUT_MS, 120,000 ms), or that fails after Astro's one
 * retry (the `astro:hydration-error` event), shows the error snackbar with a Reload action; the island's
 * server-rendered HTML stays as it is and usable (links, forms).
 *
 * Tests shorten the time-out: when the server runs with `SHOP_TEST_KNOBS=1` (tests/e2e/serve.ts does),
 * the page's <html> carries `data-test-knobs`, and then a number of milliseconds in localStorage under
 * ISLAND_TIMEOUT_KNOB replaces the spec's time-out. Without that attribute (any production server) the
 * knob is ignored. This file imports nothing: the `client:cart` directive, bundled into an inline script,
 * uses it too.
 */
export const SCREEN_CODE_LOAD_TIMEOUT_MS = 120_000;
export const ISLAND_TIMEOUT_KNOB = 'aurelle:island-timeout-ms';
export const ISLAND_LOAD_FAILED = 'This part of the page could not load. Reload the page to try again.';

/** The time-out in force: the spec's, or the test knob where the server allows it. */
export function islandTimeoutMs(): number {
  if (!document.documentElement.hasAttribute('data-test-knobs')) return SCREEN_CODE_LOAD_TIMEOUT_MS;
  let knob = NaN;
  try {
    knob = Number(localStorage.getItem(ISLAND_TIMEOUT_KNOB));
  } catch {
    // storage refused (privacy settings): the spec's time-out
  }
  return Number.isFinite(knob) && knob > 0 ? knob : SCREEN_CODE_LOAD_TIMEOUT_MS;
}

let reported = false;

/** Shows the error snackbar with its Reload action, once per page (src/features/snackbar/snackbar.client.ts). */
export function reportIslandFailure(): void {
  if (reported) return;
  reported = true;
  window.dispatchEvent(new CustomEvent('show-snackbar', { detail: { message: ISLAND_LOAD_FAILED, severity: 'error', action: 'reload' } }));
}

/**
 * Starts the clock for an island whose code is loading: unless `done()` reports it in time (the island
 * hydrated), the failure is shown when the time-out ends. Returns `done`.
 */
export function watchIslandLoad(onTimeout: () => void = reportIslandFailure): () => void {
  const timer = setTimeout(onTimeout, islandTimeoutMs());
  return () => clearTimeout(timer);
}

/** Directives whose code starts loading with the page (client:visible and client:media wait, client:cart watches itself). */
const WITH_THE_PAGE = new Set(['load', 'idle', 'only']);

/**
 * For the shell: every island still waiting for its code when the page starts (client:load, client:idle,
 * client:only) must have hydrated (Astro drops its `ssr` attribute) before the time-out ends; and any
 * island whose code fails after Astro's one retry says so at once.
 */
export function watchIslands(): void {
  document.addEventListener('astro:hydration-error', () => reportIslandFailure());
  const pending = [...document.querySelectorAll<HTMLElement>('astro-island[ssr]')].filter((island) => WITH_THE_PAGE.has(island.getAttribute('client') ?? ''));
  if (!pending.length) return;
  watchIslandLoad(() => {
    if (pending.some((island) => island.isConnected && island.hasAttribute('ssr'))) reportIslandFailure();
  });
}
