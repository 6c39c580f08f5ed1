/**
 * The global snackbar's contract (docs/api.md): any code shows a message by dispatching the
 * window event `show-snackbar` with `{ message, severity }` (and optionally `duration` in ms). The host in
 * the page layout shows it at the top centre for 5000 ms by default. The API's other fields: `open: false`
 * closes it, and `onClose` is called when the message closes, however it closes.
 */
// Severity is declared once, in cart/notify.ts: that file is bundled into an inline client directive, whose
// minified text changes with any edit there (esbuild names by the source's character counts).
import type { Severity } from '~/features/cart/notify.ts';
import { GENERIC_ERROR } from '~/lib/shopper-text.ts';

export type { Severity };

export const SNACKBAR_EVENT = 'show-snackbar';
export const SNACKBAR_DURATION_MS = 5000;
export const SEVERITIES = ['error', 'warning', 'success', 'default'] as const satisfies readonly Severity[];

/** An action button in the snackbar; `reload` reloads the page (islands whose code did not load). */
export const SNACKBAR_ACTIONS = { reload: 'Reload' } as const;
export type SnackbarAction = keyof typeof SNACKBAR_ACTIONS;

export interface SnackbarMessage {
  message?: string;
  severity?: string;
  duration?: number;
  action?: string;
  /** false: close the snackbar (whatever it shows) and show nothing. */
  open?: boolean;
  /** Called once when this message closes: its time-out, the close button, Escape, or another message replacing it. */
  onClose?: (reason: SnackbarCloseReason) => void;
}

export type SnackbarCloseReason = 'timeout' | 'close' | 'escape' | 'replaced' | 'open-false';

export interface ShownSnackbar {
  text: string;
  severity: Severity;
  /** ms before it hides; 0: it stays until closed (a message with an action waits for the shopper). */
  duration: number;
  action?: SnackbarAction;
}

/** What the snackbar shows for an event, or undefined when there is nothing to show. */
export function snackbarFor(detail: SnackbarMessage | null | undefined): ShownSnackbar | undefined {
  if (detail?.open === false) return undefined;
  const severity: Severity = SEVERITIES.includes(detail?.severity as Severity) ? (detail!.severity as Severity) : 'default';
  let text = typeof detail?.message === 'string' ? detail.message.trim() : '';
  // An error must never be silent: a blank message reads as the generic error.
  if (!text && severity === 'error') text = GENERIC_ERROR;
  if (!text) return undefined;
  const action = detail?.action && Object.hasOwn(SNACKBAR_ACTIONS, detail.action) ? (detail.action as SnackbarAction) : undefined;
  const duration = typeof detail?.duration === 'number' && detail.duration > 0 ? detail.duration : action ? 0 : SNACKBAR_DURATION_MS;
  return { text, severity, duration, ...(action ? { action } : {}) };
}

/** Shows a message in the global snackbar. */
export function showSnackbar(message: string, severity: Severity = 'default', duration?: number): void {
  window.dispatchEvent(new CustomEvent<SnackbarMessage>(SNACKBAR_EVENT, { detail: { message, severity, duration } }));
}
