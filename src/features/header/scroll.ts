/** once the page is scrolled past 20px the header gains elevation and hides its banner. */
export const CONDENSE_AFTER_PX = 20;

export function watchScroll(header: HTMLElement): void {
  let scheduled = false;
  const update = () => {
    scheduled = false;
    header.toggleAttribute('data-scrolled', window.scrollY > CONDENSE_AFTER_PX);
  };
  window.addEventListener(
    'scroll',
    () => {
      if (!scheduled) {
        scheduled = true;
        requestAnimationFrame(update);
      }
    },
    { passive: true },
  );
  update();
}
