/** Wires the server-rendered header: every behaviour is an enhancement of static markup. */
import { bindBadges } from './badges.ts';
import { rotateBanner } from './banner.ts';
import { enhanceDrawer } from './drawer.ts';
import { enhanceMegaMenu } from './mega-menu.ts';
import { enhanceDesktopSearch, enhanceMobileSearch } from './search.ts';
import { watchScroll } from './scroll.ts';

export function initHeader(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  watchScroll(header);
  bindBadges();
  const banner = header.querySelector<HTMLElement>('[data-banner-rotator]');
  if (banner) rotateBanner(banner);
  const nav = header.querySelector<HTMLElement>('[data-mega-nav]');
  if (nav) enhanceMegaMenu(nav);
  const desktopSearch = header.querySelector<HTMLFormElement>('[data-desktop-search]');
  if (desktopSearch) enhanceDesktopSearch(desktopSearch);
  const drawer = document.querySelector<HTMLDialogElement>('dialog[data-drawer]');
  if (drawer) {
    enhanceDrawer(drawer, [...document.querySelectorAll<HTMLElement>('[data-drawer-open]')]);
    const mobileSearch = drawer.querySelector<HTMLFormElement>('[data-mobile-search]');
    if (mobileSearch) enhanceMobileSearch(mobileSearch);
  }
}
