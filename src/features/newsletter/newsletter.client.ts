/**
 * Enhances the footer's newsletter `<form method="post" action="/api/subscribe">`. Before this runs the
 * form posts as HTML and the server answers with a redirect back to the page, which shows the outcome.
 * Once enhanced: the API's check ('Enter a valid email address' as a warning), then the loading state
 * (button disabled, spinner), then the snackbar with the answer's first key and value.
 */
import { showSnackbar } from '~/features/snackbar/snackbar.ts';
import { INVALID_EMAIL, looksLikeEmail } from './newsletter.messages.ts';
import { shopperMessage } from '~/lib/shopper-text.ts';

export function enhanceNewsletterForm(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="subscriber_email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const spinner = form.querySelector<HTMLElement>('[data-spinner]');
  if (!input || !button) return;
  // Our own check replaces the browser's bubble so the shopper sees the API's message in the snackbar.
  form.noValidate = true;

  const setLoading = (loading: boolean) => {
    button.disabled = loading;
    form.setAttribute('aria-busy', String(loading));
    if (spinner) spinner.hidden = !loading;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    if (!looksLikeEmail(input.value)) {
      showSnackbar(INVALID_EMAIL, 'warning');
      input.focus();
      return;
    }
    setLoading(true);
    try {
      const { subscribe } = await import('./newsletter.api.ts');
      const outcome = await subscribe({ subscriber_email: input.value.trim() });
      showSnackbar(outcome.message, outcome.severity);
      if (outcome.severity === 'success') input.value = '';
    } catch (error) {
      showSnackbar(shopperMessage(error), 'error');
    } finally {
      setLoading(false);
    }
  });
}

export function initNewsletterForms(): void {
  document.querySelectorAll<HTMLFormElement>('form[data-newsletter-form]').forEach(enhanceNewsletterForm);
}
