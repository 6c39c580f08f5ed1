/**
 * Staff roles and what each may do. One table of rights decides both the back-office pages (/admin/…)
 * and the admin JSON routes (/api/admin/…), by the first segment of the path: a route added later under
 * /api/admin/products/… is a manager's and an owner's without a line of its own. A path this table does
 * not name is the owner's alone (the safe default).
 *
 * - owner: everything, including staff and settings;
 * - manager: orders, customers, appointments, coupons, stock and products, and the activity record;
 * - editor: products' texts and pictures, and content (not their prices).
 *
 * `prices` names no page: within /admin/products and /api/admin/products/…, changing a variant's price
 * needs it as well as `products` (src/server/products/back-office-products.ts).
 */
export const ROLES = ['owner', 'manager', 'editor'] as const;
export type Role = (typeof ROLES)[number];

export type Right =
  | 'dashboard'
  | 'account'
  | 'orders'
  | 'customers'
  | 'appointments'
  | 'coupons'
  | 'stock'
  | 'products'
  | 'prices'
  | 'content'
  | 'activity'
  | 'staff'
  | 'settings';

const RIGHTS: Record<Role, readonly Right[]> = {
  owner: ['dashboard', 'account', 'orders', 'customers', 'appointments', 'coupons', 'stock', 'products', 'prices', 'content', 'activity', 'staff', 'settings'],
  manager: ['dashboard', 'account', 'orders', 'customers', 'appointments', 'coupons', 'stock', 'products', 'prices', 'activity'],
  editor: ['dashboard', 'account', 'products', 'content'],
};

export function can(role: Role, right: Right): boolean {
  return RIGHTS[role]?.includes(right) ?? false;
}

/** The first path segment under /admin/ or /api/admin/ → the right it needs. */
const SECTIONS: Record<string, Right> = {
  '': 'dashboard',
  account: 'account',
  login: 'account',
  logout: 'account',
  forbidden: 'account',
  orders: 'orders',
  'orders.csv': 'orders',
  invoices: 'orders',
  mail: 'orders',
  customers: 'customers',
  appointments: 'appointments',
  coupons: 'coupons',
  inventory: 'stock',
  diamonds: 'stock',
  imports: 'stock',
  products: 'products',
  content: 'content',
  activity: 'activity',
  staff: 'staff',
  settings: 'settings',
};

/** The right a back-office page or admin route needs, from its path (`/admin/orders/AU1` → orders). */
export function rightForPath(pathname: string): Right {
  const rest = pathname.replace(/^\/(api\/)?admin\/?/, '');
  const section = rest.split('/')[0] ?? '';
  return SECTIONS[section] ?? 'settings';
}

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', manager: 'Manager', editor: 'Editor' };
