/**
 * When the cart popup opens and closes (docs/api.md): it opens on hover or focus of any cart link
 * (`[data-cart-link]`, desktop and mobile headers alike), on a tap of the cart icon on touch screens
 * (the first tap opens, a second one follows the link), and on the `open-cart-popup` window event. It
 * closes when the pointer leaves the link and the popup, when focus or a tap goes elsewhere, and on
 * Escape; never while its confirm dialog is open. Keyboard users Tab from the link into the popup.
 */
import { OPEN_CART_POPUP } from './notify.ts';

export interface PopupControl {
  wrapper(): HTMLElement | null;
  anchor(): HTMLElement | null;
  isOpen(): boolean;
  /** True while something inside (the confirm dialog) must keep the popup open. */
  isHeld(): boolean;
  open(anchor: HTMLElement): void;
  close(): void;
  /** The `open-cart-popup` event: another island changed the cart. */
  refresh(): void;
}

/** Time to move the pointer from the link into the popup (and back) without it closing. */
const GRACE_MS = 150;
const FOCUSABLE = 'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusables = (root: ParentNode) =>
  [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('dialog') && el.getClientRects().length > 0);

export interface PopupBinding {
  dispose(): void;
  /**
   * Forgets where the pointer was: called when the confirm dialog opens or closes, since the pointer
   * then sits on the dialog, not on the popup. A leave only counts again after the pointer re-enters.
   */
  forgetPointer(): void;
}

export function bindCartPopup(control: PopupControl): PopupBinding {
  const links = [...document.querySelectorAll<HTMLElement>('[data-cart-link]')];
  const wrapper = control.wrapper();
  if (!wrapper) return { dispose() {}, forgetPointer() {} };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let hovering = false;
  let pointerType = 'mouse';
  let wasOpen = false;
  // Focus given back to the link after Escape must not open the popup again.
  let refocusing = false;

  const inside = (node: EventTarget | null) => node instanceof Node && (wrapper.contains(node) || links.some((l) => l.contains(node)));
  const cancel = () => clearTimeout(timer);
  const close = () => {
    cancel();
    if (!control.isHeld()) control.close();
  };
  const closeSoon = () => {
    cancel();
    timer = setTimeout(close, GRACE_MS);
  };

  const onEnter = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    hovering = true;
    cancel();
    if (event.currentTarget !== wrapper) control.open(event.currentTarget as HTMLElement);
  };
  const onLeave = (event: PointerEvent) => {
    if (event.pointerType === 'touch' || inside(event.relatedTarget) || !hovering) return;
    hovering = false;
    closeSoon();
  };
  const onFocus = (event: FocusEvent) => {
    if (refocusing) return;
    cancel();
    control.open(event.currentTarget as HTMLElement);
  };
  const onFocusOut = (event: FocusEvent) => {
    if (!hovering && !inside(event.relatedTarget)) closeSoon();
  };
  const onLinkPointerDown = (event: PointerEvent) => {
    pointerType = event.pointerType;
    wasOpen = control.isOpen();
  };
  const onLinkClick = (event: MouseEvent) => {
    if (pointerType !== 'touch' || wasOpen) return;
    event.preventDefault();
    control.open(event.currentTarget as HTMLElement);
  };
  const onLinkKey = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.shiftKey || !control.isOpen()) return;
    const first = focusables(wrapper)[0];
    if (!first) return;
    event.preventDefault();
    first.focus();
  };
  const onWrapperKey = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !control.isOpen()) return;
    const list = focusables(wrapper);
    const anchor = control.anchor();
    if (!anchor) return;
    if (event.shiftKey && document.activeElement === list[0]) {
      event.preventDefault();
      anchor.focus();
    } else if (!event.shiftKey && document.activeElement === list.at(-1)) {
      // Leave the popup for whatever follows the cart link in the page.
      event.preventDefault();
      const page = focusables(document.body).filter((el) => !wrapper.contains(el));
      control.close();
      (page[page.indexOf(anchor) + 1] ?? anchor).focus();
    }
  };
  const onOutside = (event: PointerEvent) => {
    if (control.isOpen() && !inside(event.target)) close();
  };
  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !control.isOpen() || control.isHeld()) return;
    const refocus = inside(document.activeElement);
    close();
    if (!refocus) return;
    refocusing = true;
    control.anchor()?.focus();
    refocusing = false;
  };
  const onOpenEvent = () => {
    const link = links.find((l) => l.getClientRects().length > 0);
    control.refresh();
    if (link) control.open(link);
  };

  const bindings: [EventTarget, string, EventListener, boolean?][] = [
    [wrapper, 'pointerenter', onEnter as EventListener],
    [wrapper, 'pointerleave', onLeave as EventListener],
    [wrapper, 'focusout', onFocusOut as EventListener],
    [wrapper, 'keydown', onWrapperKey as EventListener],
    [document, 'pointerdown', onOutside as EventListener, true],
    [document, 'keydown', onEscape as EventListener],
    [window, OPEN_CART_POPUP, onOpenEvent],
    ...links.flatMap((link): [EventTarget, string, EventListener][] => [
      [link, 'pointerenter', onEnter as EventListener],
      [link, 'pointerleave', onLeave as EventListener],
      [link, 'focus', onFocus as EventListener],
      [link, 'focusout', onFocusOut as EventListener],
      [link, 'pointerdown', onLinkPointerDown as EventListener],
      [link, 'click', onLinkClick as EventListener],
      [link, 'keydown', onLinkKey as EventListener],
    ]),
  ];
  for (const [target, type, listener, capture] of bindings) target.addEventListener(type, listener, capture);
  for (const link of links) link.setAttribute('aria-controls', wrapper.id);
  return {
    dispose() {
      cancel();
      for (const [target, type, listener, capture] of bindings) target.removeEventListener(type, listener, capture);
    },
    forgetPointer() {
      cancel();
      hovering = false;
    },
  };
}
