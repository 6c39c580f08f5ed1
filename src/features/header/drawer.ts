/**
 * The mobile drawer: a modal `<dialog>` (focus kept inside, Escape closes, the page behind is inert) that
 * slides in from the left at 80% of the viewport. Its accordion is a group of `<details name>` elements:
 * the platform keeps one open at a time and a click on the open one collapses it; the toggle handler
 * does the same for browsers without exclusive `<details>`.
 */
export function enhanceDrawer(dialog: HTMLDialogElement, openers: HTMLElement[]): void {
  const setExpanded = (value: boolean) => openers.forEach((o) => o.setAttribute('aria-expanded', String(value)));
  for (const opener of openers) {
    opener.addEventListener('click', () => {
      dialog.showModal();
      setExpanded(true);
    });
  }
  dialog.addEventListener('close', () => setExpanded(false));
  dialog.querySelectorAll('[data-drawer-close]').forEach((button) => button.addEventListener('click', () => dialog.close()));
  // A click on the backdrop lands on the dialog element itself, outside its content.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  // The drawer belongs to the mobile header: widening the window past md closes it.
  matchMedia('(min-width: 768px)').addEventListener('change', (event) => {
    if (event.matches && dialog.open) dialog.close();
  });

  const sections = [...dialog.querySelectorAll<HTMLDetailsElement>('details[data-accordion-item]')];
  for (const section of sections) {
    section.addEventListener('toggle', () => {
      if (section.open) sections.forEach((other) => other !== section && (other.open = false));
    });
  }
}
