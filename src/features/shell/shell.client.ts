/**
 * The one script every page loads (bundled by Astro, never inline): the header's behaviours and count
 * badges, the global snackbar, the newsletter form, analytics, and the watch on islands whose code does
 * not arrive (src/features/shell/island-load.ts). Each is a small enhancement of
 * server-rendered markup, so the page works and reads before this arrives.
 */
import { initHeader } from '~/features/header/header.client.ts';
import { initSnackbar } from '~/features/snackbar/snackbar.client.ts';
import { initNewsletterForms } from '~/features/newsletter/newsletter.client.ts';
import { startAnalytics } from '~/features/analytics/analytics.client.ts';
import { watchIslands } from './island-load.ts';

initSnackbar();
watchIslands();
initHeader();
initNewsletterForms();
// Analytics waits for an idle moment: it must never hold up the page.
const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1));
idle(() => startAnalytics());
