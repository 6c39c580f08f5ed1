/**
 * The desktop menu band: each root with columns is a disclosure button for its full-width mega menu.
 * Hovering a root opens its menu and leaving the band (menu included) closes it; a click opens it to stay,
 * and a second click, a click on a link inside, a click elsewhere or Escape closes it. At most one is open.
 */
type OpenedBy = 'hover' | 'click';

export function enhanceMegaMenu(nav: HTMLElement): void {
  const triggers = [...nav.querySelectorAll<HTMLButtonElement>('[data-mega-trigger]')];
  const panelOf = (trigger: HTMLButtonElement) => document.getElementById(trigger.getAttribute('aria-controls') ?? '');
  let open: { trigger: HTMLButtonElement; by: OpenedBy } | undefined;

  const close = () => {
    if (!open) return;
    open.trigger.setAttribute('aria-expanded', 'false');
    const panel = panelOf(open.trigger);
    if (panel) panel.hidden = true;
    open = undefined;
    delete nav.dataset.megaOpen;
  };
  const show = (trigger: HTMLButtonElement, by: OpenedBy) => {
    if (open?.trigger !== trigger) close();
    trigger.setAttribute('aria-expanded', 'true');
    const panel = panelOf(trigger);
    if (panel) panel.hidden = false;
    open = { trigger, by };
    nav.dataset.megaOpen = trigger.dataset.megaTrigger;
  };

  for (const trigger of triggers) {
    trigger.addEventListener('pointerenter', (event) => {
      if (event.pointerType === 'mouse') show(trigger, open?.trigger === trigger ? open.by : 'hover');
    });
    trigger.addEventListener('click', () => {
      // A mouse click lands right after the hover that opened the menu: it pins the menu open rather than closing it.
      if (open?.trigger === trigger && open.by === 'click') close();
      else show(trigger, 'click');
    });
  }
  // The band and its menus are one region: leaving it closes; hovering a plain link in the band closes too.
  nav.addEventListener('pointerleave', (event) => {
    if (event.pointerType === 'mouse') close();
  });
  nav.addEventListener('pointerover', (event) => {
    const target = event.target as Element;
    if (event.pointerType === 'mouse' && target.closest('[data-menu-link]')) close();
  });
  nav.addEventListener('click', (event) => {
    if ((event.target as Element).closest('[data-mega-panel] a')) close();
  });
  document.addEventListener('click', (event) => {
    if (open && !nav.contains(event.target as Node)) close();
  });
  nav.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && open) {
      const { trigger } = open;
      close();
      trigger.focus();
    }
  });
  // Tabbing out of the band closes the menu, so it never covers the page under keyboard focus.
  nav.addEventListener('focusout', (event) => {
    if (open && !nav.contains(event.relatedTarget as Node | null) && event.relatedTarget) close();
  });
}
