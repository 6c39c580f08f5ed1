/**
 * The compare tray, in plain DOM (no React): a bar along the bottom of the window while stones are
 * chosen, each with a remove button, and the link to the shareable comparison page. Loaded by
 * compare-tray.loader.ts once a stone is chosen. It keeps the static "Compare" buttons of server-rendered
 * pages (`button[data-compare-item]` holding the stone as JSON) pressed in step.
 */
import { $compare, clearCompare, removeFromCompare } from './compare.store.ts';
import { compareHref, MAX_COMPARE, type CompareItem } from './compare.ts';

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & Record<string, unknown> = {},
  ...children: (Node | string)[]
) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function render(tray: HTMLElement, items: readonly CompareItem[]): void {
  tray.hidden = items.length === 0;
  // Room below the page's last line (pagination, footer) while the tray covers the bottom of the window.
  document.body.style.paddingBottom = '';
  if (!items.length) return void tray.replaceChildren();
  requestAnimationFrame(() => (document.body.style.paddingBottom = `${tray.offsetHeight}px`));
  const list = el('ul', { className: 'flex flex-1 gap-2 overflow-x-auto max-md:order-last max-md:basis-full' });
  for (const d of items) {
    const remove = el(
      'button',
      {
        type: 'button',
        className: 'grid size-6 place-items-center rounded-full text-muted hover:bg-ivory hover:text-primary',
        onclick: () => removeFromCompare(d.id),
      },
      el('span', { ariaHidden: 'true' }, '×'),
    );
    remove.setAttribute('aria-label', `Remove ${d.name} from compare`);
    const img = el('img', { src: d.image_url, alt: '', width: 28, height: 28, className: 'size-7 rounded-full bg-ivory p-0.5' });
    list.append(
      el(
        'li',
        { className: 'flex shrink-0 items-center gap-1 rounded-full border border-primary/15 py-0.5 pr-1 pl-0.5' },
        img,
        el('a', { href: d.url, className: 'max-w-32 truncate text-xs hover:text-gold md:max-w-48' }, d.name),
        remove,
      ),
    );
  }
  const count = el('span', {}, String(items.length));
  count.dataset.testid = 'compare-count';
  tray.replaceChildren(
    el(
      'div',
      { className: 'mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 md:px-6' },
      el('p', { className: 'text-sm font-medium' }, 'Compare ', count, ` of ${MAX_COMPARE}`),
      list,
      el(
        'div',
        { className: 'flex items-center gap-3' },
        el('button', { type: 'button', className: 'text-xs underline underline-offset-4 hover:text-gold', onclick: clearCompare }, 'Clear'),
        el(
          'a',
          { href: compareHref(items.map((d) => d.id)), className: 'rounded-full bg-primary px-5 py-2 text-sm font-medium text-white hover:bg-primary-light' },
          'Compare now',
        ),
      ),
    ),
  );
}

function pressed(items: readonly CompareItem[]): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-compare-item]')) {
    const id = (JSON.parse(button.dataset.compareItem!) as CompareItem).id;
    button.setAttribute('aria-pressed', String(items.some((x) => x.id === id)));
  }
}

const tray = document.getElementById('compare-tray');
$compare.subscribe((items) => {
  if (tray) render(tray, items);
  pressed(items);
});
