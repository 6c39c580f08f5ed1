/**
 * The header search forms. Both are real `<form action="/search">`s (GET /search?q=…) that work before
 * JavaScript; these functions add the API's rules: the desktop field is collapsed until the first click
 * on its icon, and submits (Enter or a second click) only non-empty text; the mobile form submits only
 * text longer than 2 characters.
 */

/** desktop needs non-empty text, mobile more than 2 characters (spaces around do not count). */
export function canSearch(text: string, device: 'desktop' | 'mobile'): boolean {
  const query = text.trim();
  return device === 'desktop' ? query.length > 0 : query.length > 2;
}

export function enhanceDesktopSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]');
  const toggle = form.querySelector<HTMLButtonElement>('[data-search-toggle]');
  if (!input || !toggle) return;
  const expanded = () => form.dataset.expanded === 'true';
  const setExpanded = (open: boolean) => {
    form.dataset.expanded = String(open);
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Submit search' : 'Open search');
  };

  form.addEventListener('submit', (event) => {
    // The first click on the icon only opens the field; later ones (and Enter) submit non-empty text.
    if (!expanded()) {
      event.preventDefault();
      setExpanded(true);
      input.focus();
      return;
    }
    if (!canSearch(input.value, 'desktop')) {
      event.preventDefault();
      input.focus();
      return;
    }
    input.value = input.value.trim();
  });
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && expanded()) {
      setExpanded(false);
      toggle.focus();
    }
  });
  // Leaving an empty field folds it away again; typed text stays visible.
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget as Node | null) && !input.value.trim()) setExpanded(false);
  });
}

export function enhanceMobileSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]');
  const hint = form.querySelector<HTMLElement>('[data-search-hint]');
  if (!input) return;
  form.addEventListener('submit', (event) => {
    if (canSearch(input.value, 'mobile')) {
      input.value = input.value.trim();
      return;
    }
    event.preventDefault();
    if (hint) hint.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  });
  input.addEventListener('input', () => {
    if (hint && canSearch(input.value, 'mobile')) {
      hint.hidden = true;
      input.removeAttribute('aria-invalid');
    }
  });
}
