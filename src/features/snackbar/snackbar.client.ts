/**
 * The snackbar host (markup in src/components/ui/Snackbar.astro): listens for `show-snackbar`, shows one
 * message at a time (a new one replaces the current one), and hides on timeout, on its close button or
 * on Escape (calling the message's `onClose` each time), or on `open: false`. A message with an action (`reload`) shows its button and stays until closed. Errors are announced assertively (role="alert"), the others politely.
 */
import { SNACKBAR_ACTIONS, SNACKBAR_EVENT, snackbarFor, type SnackbarCloseReason, type SnackbarMessage } from './snackbar.ts';

export function initSnackbar(): void {
  const host = document.querySelector<HTMLElement>('[data-snackbar]');
  const box = host?.querySelector<HTMLElement>('[data-snackbar-box]');
  const text = host?.querySelector<HTMLElement>('[data-snackbar-message]');
  const action = host?.querySelector<HTMLButtonElement>('[data-snackbar-action]');
  if (!host || !box || !text) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The shown message's onClose, called once when it closes however it closes.
  let onClose: SnackbarMessage['onClose'];

  const hide = (reason: SnackbarCloseReason) => {
    clearTimeout(timer);
    const wasOpen = !box.hidden;
    box.hidden = true;
    text.textContent = '';
    text.removeAttribute('role');
    if (action) action.hidden = true;
    const callback = onClose;
    onClose = undefined;
    if (wasOpen && typeof callback === 'function') {
      try {
        callback(reason);
      } catch (error) {
        // The caller's callback failing must not break the snackbar for the next message.
        console.error(error);
      }
    }
  };

  window.addEventListener(SNACKBAR_EVENT, (event) => {
    const detail = (event as CustomEvent<SnackbarMessage>).detail;
    if (detail?.open === false) {
      hide('open-false');
      return;
    }
    const shown = snackbarFor(detail);
    if (!shown) return;
    if (!box.hidden) hide('replaced');
    onClose = detail?.onClose;
    clearTimeout(timer);
    box.dataset.severity = shown.severity;
    if (shown.severity === 'error') text.setAttribute('role', 'alert');
    else text.removeAttribute('role');
    text.textContent = shown.text;
    if (action) {
      action.hidden = !shown.action;
      action.textContent = shown.action ? SNACKBAR_ACTIONS[shown.action] : '';
    }
    box.hidden = false;
    if (shown.duration) timer = setTimeout(() => hide('timeout'), shown.duration);
  });
  action?.addEventListener('click', () => location.reload());
  host.querySelector('[data-snackbar-close]')?.addEventListener('click', () => hide('close'));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !box.hidden) hide('escape');
  });
}
