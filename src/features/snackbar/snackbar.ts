/**
 * The global snackbar's contract (spec sections 2, 8, 9): any code shows a message by dispatching the
 * window event `show-snackbar` with `{ message, severity }` (and optionally `duration` in ms). The host in
 * the page layout shows it at the top centre for 5000 ms by default.
 */
export const SNACKBAR_EVENT = 'show-snackbar';
export const SNACKBAR_DURATION_MS = 5000;
export const SEVERITIES = ['error', 'warning', 'success', 'default'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const GENERIC_ERROR = 'Something went wrong';

export interface SnackbarMessage {
  message?: string;
  severity?: string;
  duration?: number;
}

export interface ShownSnackbar {
  text: string;
  severity: Severity;
  duration: number;
}

/** What the snackbar shows for an event, or undefined when there is nothing to show. */
export function snackbarFor(detail: SnackbarMessage | null | undefined): ShownSnackbar | undefined {
  const severity: Severity = SEVERITIES.includes(detail?.severity as Severity) ? (detail!.severity as Severity) : 'default';
  let text = typeof detail?.message === 'string' ? detail.message.trim() : '';
  // An error must never be silent: a blank message reads as the generic error.
  if (!text && severity === 'error') text = GENERIC_ERROR;
  if (!text) return undefined;
  const duration = typeof detail?.duration === 'number' && detail.duration > 0 ? detail.duration : SNACKBAR_DURATION_MS;
  return { text, severity, duration };
}

/** Shows a message in the global snackbar. */
export function showSnackbar(message: string, severity: Severity = 'default', duration?: number): void {
  window.dispatchEvent(new CustomEvent<SnackbarMessage>(SNACKBAR_EVENT, { detail: { message, severity, duration } }));
}
