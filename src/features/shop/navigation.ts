/**
 * Reading the navigation of the shop configuration: roots of a type, the entries a root's columns name,
 * swatches, and hrefs under the shop's base URL. Pure functions, used by the server-rendered header and
 * footer and safe in the browser.
 */
import type { NavItem, ShopConfig } from './shop-config.schema.ts';
import { parseSwatchColour } from './shop-config.rules.ts';

export interface NavRow {
  heading: string | undefined;
  items: NavItem[];
}

export interface NavColumnView {
  rows: NavRow[];
}

export function rootsOf(config: ShopConfig, type: NavItem['type']): NavItem[] {
  return config.navigation.filter((n) => n.type === type && n.is_root);
}

/** A root's columns with their rows' ids replaced by the entries they name (unknown ids are dropped). */
export function columnsOf(config: ShopConfig, root: NavItem): NavColumnView[] {
  const byId = new Map(config.navigation.map((n) => [n.id, n]));
  return (root.columns ?? []).map((column) => ({
    rows: column.rows.map((row) => ({
      heading: row.admin_name,
      items: row.nav_items.map((id) => byId.get(id)).filter((n): n is NavItem => Boolean(n)),
    })),
  }));
}

/** An entry of the main menu as the header shows it: its name, its href under the base URL, its swatch. */
export interface MenuLink {
  id: number;
  name: string | undefined;
  href: string;
  swatch: Swatch | undefined;
}

export interface MenuRow {
  heading: string | undefined;
  links: MenuLink[];
}

export interface MenuRoot {
  id: number;
  name: string | undefined;
  /** The root's page under the base URL (the base itself when the editor gave none). */
  href: string;
  /** Whether the editor gave the root a page. */
  hasPage: boolean;
  imageSrc: string | undefined;
  isLink: boolean;
  /** Its columns, each a list of rows; empty for a root that is a plain link. */
  columns: MenuRow[][];
}

/** The main menu, resolved once for the desktop mega menu and the mobile drawer. */
export interface MainMenu {
  roots: MenuRoot[];
  button: MenuLink | undefined;
}

const menuLink = (item: NavItem, base: string): MenuLink => ({ id: item.id, name: item.admin_name, href: withBase(base, item.href), swatch: swatchOf(item) });

/** The main-menu roots with their columns' entries, and the menu button, with every href under `base`. */
export function mainMenuOf(config: ShopConfig, base: string): MainMenu {
  const button = menuButtonOf(config);
  return {
    roots: rootsOf(config, 'main_menu').map((root) => ({
      id: root.id,
      name: root.admin_name,
      href: withBase(base, root.href),
      hasPage: Boolean(root.href),
      imageSrc: root.image_src,
      isLink: Boolean(root.is_link),
      columns: columnsOf(config, root).map((column) =>
        column.rows.map((row) => ({ heading: row.heading, links: row.items.map((item) => menuLink(item, base)) })),
      ),
    })),
    button: button && menuLink(button, base),
  };
}

export function bannersOf(config: ShopConfig): string[] {
  return config.navigation.filter((n) => n.type === 'top_banner' && n.admin_name).map((n) => n.admin_name!);
}

export function menuButtonOf(config: ShopConfig): NavItem | undefined {
  return config.navigation.find((n) => n.type === 'menu_button');
}

export function wishlistEnabled(config: ShopConfig): boolean {
  return config.productsWishlistOption || config.diamondsWishlistOption;
}

/**
 * An editor's href under the shop's base URL, with the leading slash added when missing:
 * ('/', 'engagement-rings') → '/engagement-rings'; ('/shop/', '/cart') → '/shop/cart'.
 * Absolute URLs (https:, mailto:, tel:) and fragments are left alone.
 */
export function withBase(base: string, href = '/'): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('//')) return href;
  const prefix = base.replace(/\/+$/, '');
  return `${prefix}${href.startsWith('/') ? href : `/${href}`}`;
}

export type Swatch = { kind: 'image'; src: string } | { kind: 'color'; background: string; className: string };

/** The swatch a menu entry shows beside its name: an image, or a colour (plain, or a gradient from JSON). */
export function swatchOf(item: NavItem): Swatch | undefined {
  if (!item.attribute_swatch_type || !item.attribute_swatch_value) return undefined;
  if (item.attribute_swatch_type === 'image') return { kind: 'image', src: item.attribute_swatch_value };
  const colour = parseSwatchColour(item.attribute_swatch_value);
  if (!colour) return undefined;
  const background = colour.from === colour.to ? colour.from : `linear-gradient(135deg, ${colour.from}, ${colour.to})`;
  // A class, not a style attribute: the page's CSP allows no inline style attributes (rules: swatchCss).
  return { kind: 'color', background, className: `swatch-${item.id}` };
}

/** `tel:+12125550148` from a phone number as editors write it. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

/** The top padding that keeps page content below the fixed header (spec: 88, 150 and 185 px). */
export function headerOffsets(config: Pick<ShopConfig, 'isToolbarHidden'>): { mobile: number; desktop: number } {
  return { mobile: 88, desktop: config.isToolbarHidden ? 150 : 185 };
}
