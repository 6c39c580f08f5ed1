/**
 * The mobile top banner shows one item at a time and moves to the next every 3000 ms (docs/api.md).
 * It pauses while the shopper points at it or focuses a link in it, so that a message can be read to the
 * end (WCAG 2.2.2).
 */
export const BANNER_ROTATION_MS = 3000;

export function rotateBanner(banner: HTMLElement, intervalMs = BANNER_ROTATION_MS): void {
  const items = [...banner.querySelectorAll<HTMLElement>('[data-banner-item]')];
  if (items.length < 2) return;
  let current = Math.max(
    0,
    items.findIndex((item) => !item.hidden),
  );
  let paused = false;
  const show = (index: number) => {
    items.forEach((item, i) => (item.hidden = i !== index));
    current = index;
    banner.dataset.current = String(index);
  };
  banner.addEventListener('pointerenter', () => (paused = true));
  banner.addEventListener('pointerleave', () => (paused = false));
  banner.addEventListener('focusin', () => (paused = true));
  banner.addEventListener('focusout', () => (paused = false));
  show(current);
  setInterval(() => {
    if (!paused) show((current + 1) % items.length);
  }, intervalMs);
}
