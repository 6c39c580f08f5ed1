/**
 * The hold, alert and hint buttons (forms marked `data-shop-action`): posted as JSON with the shopper's
 * session cookie; a shopper who is not signed in is sent to sign in and brought back; the answer's
 * message shows in the snackbar. `data-reload` reloads the page after success (the hold's label).
 */
import { SNACKBAR_EVENT } from '~/features/snackbar/snackbar.ts';

const say = (message: string, severity: 'success' | 'error') => window.dispatchEvent(new CustomEvent(SNACKBAR_EVENT, { detail: { message, severity } }));

function fields(form: HTMLFormElement): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value !== 'string') continue;
    if (key === 'diamond_filters') body[key] = JSON.parse(value || '{}');
    else if (key === 'diamond_id' || key === 'variant_id') body[key] = Number(value);
    else if (value !== '') body[key] = value;
  }
  return body;
}

export function enhanceShopActions(root: ParentNode = document): void {
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-shop-action]')) {
    if (form.dataset.enhanced) continue;
    form.dataset.enhanced = '1';
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
      if (button) button.disabled = true;
      try {
        const res = await fetch(form.action, {
          method: form.dataset.method ?? 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(fields(form)),
          credentials: 'same-origin',
        });
        const answer = (await res.json().catch(() => ({}))) as { message?: string };
        if (res.status === 401) {
          location.href = `/customer?redirect=${encodeURIComponent(location.pathname + location.search)}`;
          return;
        }
        say(answer.message ?? (res.ok ? 'Done' : 'Something went wrong'), res.ok ? 'success' : 'error');
        if (res.ok && form.dataset.reload !== undefined) location.reload();
      } catch {
        say('Something went wrong', 'error');
      } finally {
        if (button) button.disabled = false;
      }
    });
  }
}
