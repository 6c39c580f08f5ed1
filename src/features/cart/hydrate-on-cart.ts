/**
 * `client:cart`, the cart popup's hydration directive (registered in astro.config.mjs): React and the
 * popup load the first time a shopper reaches for the cart, not on every page view. That is a pointer
 * over a cart link (`[data-cart-link]`), keyboard focus on one, a tap on one on a touch screen, or the
 * `open-cart-popup` window event. Once the popup listens (it fires `cart-popup-ready`), the gesture
 * that woke it is replayed if it still holds (the pointer still over the link, the focus still on it);
 * a tap, or the event, opens the popup. Until then a tap is held back from following the link, as a
 * first tap is once hydrated. If the popup's code has not arrived when the screen-code time-out ends,
 * or fails after Astro's one retry, the error snackbar offers a reload and the cart links are plain
 * links again (src/features/shell/island-load.ts). This file is bundled on its own into an inline
 * script: it imports only constants and that small file.
 */
import type { ClientDirective } from 'astro';
import { CART_POPUP_READY, OPEN_CART_POPUP } from './notify.ts';
import { reportIslandFailure, watchIslandLoad } from '~/features/shell/island-load.ts';

const hydrateOnCart: ClientDirective = (load, _options, island) => {
  const links = [...document.querySelectorAll<HTMLElement>('[data-cart-link]')];
  let phase: 'waiting' | 'loading' | 'ready' | 'failed' = 'waiting';
  let touch = false;
  let openWanted = false;
  const release = () => {
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
  };
  const fail = () => {
    if (phase !== 'loading') return;
    phase = 'failed';
    release();
    reportIslandFailure();
  };

  const start = (replay: () => void) => {
    if (phase !== 'waiting') return;
    phase = 'loading';
    const ready = new Promise((resolve) => window.addEventListener(CART_POPUP_READY, resolve, { once: true }));
    const arrived = watchIslandLoad(fail);
    island.addEventListener('astro:hydration-error', fail, { once: true });
    void (async () => {
      const hydrate = await load();
      await hydrate();
      await ready;
      arrived();
      if (phase !== 'loading') return;
      phase = 'ready';
      release();
      if (openWanted) window.dispatchEvent(new Event(OPEN_CART_POPUP));
      else replay();
    })();
  };
  const wantOpen = () => {
    openWanted = true;
    start(() => {});
  };

  const listeners: [EventTarget, string, EventListener][] = [
    [window, OPEN_CART_POPUP, wantOpen],
    ...links.flatMap((link): [EventTarget, string, EventListener][] => [
      [link, 'pointerdown', ((event: PointerEvent) => void (touch = event.pointerType === 'touch')) as EventListener],
      [
        link,
        'pointerenter',
        ((event: PointerEvent) => {
          if (event.pointerType !== 'touch')
            start(() => link.matches(':hover') && link.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' })));
        }) as EventListener,
      ],
      // A tap focuses the link too, before its click: the click decides.
      [link, 'focus', () => touch || start(() => document.activeElement === link && link.dispatchEvent(new FocusEvent('focus')))],
      [
        link,
        'click',
        ((event: MouseEvent) => {
          if (!touch) return;
          event.preventDefault();
          wantOpen();
        }) as EventListener,
      ],
    ]),
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
};

export default hydrateOnCart;
