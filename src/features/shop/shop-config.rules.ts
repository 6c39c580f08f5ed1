/**
 * Rules across entries of the shop configuration that a field-by-field schema cannot express: the ids
 * that columns name must exist, listings need a slug prefix, content pages live at /{slug} and must not
 * shadow a screen of the shop. Each problem carries the path inside shop.json where an editor fixes it.
 */
export interface RuleIssue {
  path: (string | number)[];
  message: string;
}

interface NavLike {
  id: number;
  type: string;
  is_root: boolean;
  view_type?: string;
  admin_name?: string;
  href?: string;
  image_src?: string;
  is_link?: boolean;
  slug_prefix?: string;
  columns?: { rows: { nav_items: number[] }[] }[];
  attribute_swatch_type?: 'image' | 'color';
  attribute_swatch_value?: string;
}

/** First path segments owned by the shop's own screens (docs/api.md) and by the server. */
export const RESERVED_SEGMENTS = [
  'search',
  'diamonds',
  'products',
  'build-your-own',
  'customer',
  'cart',
  'checkout',
  'wishlist',
  'book-appointment',
  'api',
  'catalog',
  'images',
  'healthz',
  '_astro',
  '404',
  '500',
];

export function checkNavigation(navigation: NavLike[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const byId = new Map<number, NavLike>();
  navigation.forEach((item, i) => {
    if (byId.has(item.id)) issues.push({ path: ['navigation', i, 'id'], message: `id ${item.id} is used twice` });
    byId.set(item.id, item);
  });
  const prefixes = new Map<string, number>();
  navigation.forEach((item, i) => {
    const at = (...rest: (string | number)[]) => ['navigation', i, ...rest];
    item.columns?.forEach((column, c) =>
      column.rows.forEach((row, r) =>
        row.nav_items.forEach((id, n) => {
          const target = byId.get(id);
          const path = at('columns', c, 'rows', r, 'nav_items', n);
          if (!target) issues.push({ path, message: `no navigation entry has id ${id}` });
          else if (target.type !== item.type) issues.push({ path, message: `entry ${id} is a ${target.type} entry, not ${item.type}` });
          else if (target.is_root) issues.push({ path, message: `entry ${id} is a root entry and cannot sit in a column` });
        }),
      ),
    );
    const listing = item.is_link && (item.view_type === 'diamonds' || item.view_type === 'products');
    if (listing && !item.slug_prefix) issues.push({ path: at('slug_prefix'), message: `a ${item.view_type} listing needs a slug_prefix` });
    if (listing && item.slug_prefix) {
      if (prefixes.has(item.slug_prefix))
        issues.push({ path: at('slug_prefix'), message: `slug_prefix ${item.slug_prefix} is already used by entry ${prefixes.get(item.slug_prefix)}` });
      prefixes.set(item.slug_prefix, item.id);
    }
    const needsLink =
      (item.type === 'main_menu' || item.type === 'menu_button' || item.type === 'footer') &&
      !['image', 'spacer', 'newsletter-signup'].includes(item.view_type ?? 'link');
    if (needsLink && !item.admin_name) issues.push({ path: at('admin_name'), message: 'a link needs an admin_name (its text)' });
    if (needsLink && !item.href && !(item.is_root && item.columns?.length)) issues.push({ path: at('href'), message: 'a link needs an href' });
    if (item.type === 'top_banner' && !item.admin_name) issues.push({ path: at('admin_name'), message: 'a top banner needs an admin_name (its text)' });
    if (item.view_type === 'image' && !item.image_src) issues.push({ path: at('image_src'), message: 'an image entry needs an image_src' });
    if (item.attribute_swatch_type === 'color' && item.attribute_swatch_value && !parseSwatchColour(item.attribute_swatch_value)) {
      issues.push({ path: at('attribute_swatch_value'), message: 'must be a hex colour or JSON such as {"from":"#f6e3a1","to":"#d4af37"}' });
    }
  });
  const menuButtons = navigation.filter((n) => n.type === 'menu_button');
  if (menuButtons.length > 1)
    issues.push({ path: ['navigation', navigation.indexOf(menuButtons[1]!), 'type'], message: 'only one menu_button is shown; remove the others' });
  const footerRoots = navigation.filter((n) => n.type === 'footer' && n.is_root);
  if (footerRoots.length > 1)
    issues.push({ path: ['navigation', navigation.indexOf(footerRoots[1]!), 'is_root'], message: 'only one footer entry can be the root' });
  return issues;
}

export function checkPageRoutes(config: { cmsPageRoutes: { slug: string; href: string }[]; navigation: NavLike[] }): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const seen = new Set<string>();
  const listingSegments = new Set(config.navigation.map((n) => n.is_link && n.slug_prefix?.split('/')[0]).filter(Boolean));
  config.cmsPageRoutes.forEach((route, i) => {
    if (seen.has(route.slug)) issues.push({ path: ['cmsPageRoutes', i, 'slug'], message: `slug ${route.slug} is listed twice` });
    seen.add(route.slug);
    if (route.href !== `/${route.slug}`) issues.push({ path: ['cmsPageRoutes', i, 'href'], message: `must be /${route.slug}: content pages live at /{slug}` });
    if (RESERVED_SEGMENTS.includes(route.slug) || listingSegments.has(route.slug)) {
      issues.push({ path: ['cmsPageRoutes', i, 'slug'], message: `${route.slug} is already a route of the shop` });
    }
  });
  return issues;
}

export type SwatchColour = { from: string; to: string };

/** A swatch colour as the API (docs/api.md) allows it: plain text (#d4af37) or JSON ({"from":…,"to":…}); undefined when neither. */
export function parseSwatchColour(value: string): SwatchColour | undefined {
  const colour = /^#[0-9a-f]{3,8}$/i;
  const text = value.trim();
  if (colour.test(text)) return { from: text, to: text };
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'string' && colour.test(parsed)) return { from: parsed, to: parsed };
    if (parsed && typeof parsed === 'object') {
      const { from, to } = parsed as Record<string, unknown>;
      if (typeof from === 'string' && typeof to === 'string' && colour.test(from) && colour.test(to)) return { from, to };
    }
  } catch {
    // not JSON: not a colour
  }
  return undefined;
}
