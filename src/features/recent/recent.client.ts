/**
 * The "Recently viewed" row (RecentlyViewed.astro): records the page's own item, then shows the others,
 * newest first. Before showing, every diamond is checked against the catalogue (one small read each, in
 * parallel): a stone sold, reserved or gone since leaves the list and is not shown.
 */
import { $recent, forgetViewed, rememberViewed, type RecentItem } from './recent.store.ts';

async function stillForSale(item: RecentItem): Promise<boolean> {
  if (item.kind !== 'diamond') return true;
  try {
    const res = await fetch(`/catalog/api/diamonds/${item.id}`, { headers: { accept: 'application/json' } });
    if (res.status === 404) return false;
    if (!res.ok) return true; // a passing failure hides nothing
    return Boolean(((await res.json()) as { is_available?: boolean }).is_available);
  } catch {
    return true;
  }
}

function card(item: RecentItem): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'w-36 shrink-0 snap-start';
  const link = document.createElement('a');
  link.href = item.url;
  link.className = 'group block rounded border border-primary/10 p-2 hover:border-primary/40';
  const img = Object.assign(document.createElement('img'), {
    src: item.image_url,
    alt: '',
    width: 128,
    height: 128,
    loading: 'lazy',
    className: 'aspect-square w-full bg-ivory object-contain p-2',
  });
  const name = Object.assign(document.createElement('span'), {
    className: 'mt-2 line-clamp-2 block text-xs font-medium group-hover:text-gold',
    textContent: item.name,
  });
  const price = Object.assign(document.createElement('span'), { className: 'mt-1 block text-xs font-semibold', textContent: item.formated_price });
  link.append(img, name, price);
  li.append(link);
  return li;
}

async function show(section: HTMLElement, current: RecentItem | undefined): Promise<void> {
  const others = $recent.get().filter((x) => !current || x.kind !== current.kind || x.id !== current.id);
  const checks = await Promise.all(others.map(stillForSale));
  const gone = others.filter((_, i) => !checks[i]);
  if (gone.length) forgetViewed(gone);
  const shown = others.filter((_, i) => checks[i]);
  const list = section.querySelector('ul')!;
  list.replaceChildren(...shown.map(card));
  section.hidden = shown.length === 0;
}

for (const section of document.querySelectorAll<HTMLElement>('[data-recently-viewed]')) {
  const raw = section.dataset.current;
  const current = raw ? (JSON.parse(raw) as RecentItem & { available?: boolean }) : undefined;
  if (current) {
    const { available, ...item } = current;
    if (available) rememberViewed(item);
    else forgetViewed([item]);
  }
  void show(section, current);
}
