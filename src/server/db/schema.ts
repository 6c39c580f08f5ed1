/**
 * The database schema as Kysely sees it: one source of truth for table types.
 *
 * Conventions that hold on SQLite and PostgreSQL alike:
 * - money is integer cents (`*_cents`);
 * - booleans are integers 0/1 (SQLite has no boolean; pg booleans would differ in type);
 * - timestamps are ISO-8601 UTC text, which sorts and compares correctly as text;
 * - JSON documents are text (parsed in the repositories).
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Bool = 0 | 1;

/** Every sellable thing (product or diamond) takes its id from here: one id space for cart and wishlist. */
export interface ItemsTable {
  id: Generated<number>;
  kind: 'product' | 'diamond';
}

export interface DiamondsTable {
  id: number;
  sku: string;
  shape: string;
  carat: number;
  cut: string;
  color: string;
  clarity: string;
  polish: string;
  symmetry: string;
  fluorescence: string;
  lab: string;
  certificate_number: string;
  origin: 'natural' | 'lab_grown';
  depth: number;
  table_pct: number;
  length_mm: number;
  width_mm: number;
  depth_mm: number;
  lw_ratio: number;
  price_cents: number;
  status: 'available' | 'reserved' | 'sold';
  is_hidden: Bool;
  created_at: string;
  updated_at: string;
  /** The feed that lists the stone (`--source` of the import); 'default' for the seed. */
  source: Generated<string>;
  /** The feed's availability code (G, M, STPS, NA), null for stones not imported. */
  availability: string | null;
  image_url: string | null;
  video_url: string | null;
}

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  parent_id: number | null;
  position: number;
}

export interface ProductsTable {
  id: number;
  sku: string;
  slug: string;
  name: string;
  description: string;
  category_id: number;
  /** 1 when on sale; 0 makes the product unavailable everywhere. */
  status: Bool;
  /** The price of the cheapest variant, kept for sorting and filtering listings. */
  price_cents: number;
  style: string;
  /** 1 for ring settings that take a diamond (build-your-own). */
  is_byo: Bool;
  /** JSON list of shape codes a setting accepts; '[]' for other products. */
  accepted_shapes: string;
  carat_min: number | null;
  carat_max: number | null;
  /** 1 where a ring size is chosen. */
  has_ring_size: Bool;
  created_at: string;
  updated_at: string;
  /** Migration 0028 (product import): the sanitised HTML description, Shopify's other fields, the last import's digest. */
  body_html: string | null;
  vendor: string | null;
  seo_title: string | null;
  seo_description: string | null;
  import_hash: string | null;
}

export interface MetalsTable {
  code: string;
  name: string;
  swatch_type: 'image' | 'color';
  /** A colour as plain text (#c0c0c0) or JSON ({"from":…,"to":…}); an image path for image swatches. */
  swatch_value: string;
  position: number;
}

export interface ProductVariantsTable {
  id: Generated<number>;
  product_id: number;
  sku: string;
  metal_code: string;
  metal_position: number;
  metal_show_in_products_list: Bool;
  total_carat_weight: number;
  price_cents: number;
  status: Bool;
  /** Shopify's "Variant Compare At Price" (migration 0028). */
  compare_at_cents: number | null;
}

export interface ProductAttributesTable {
  id: Generated<number>;
  product_id: number;
  code: string;
  value: string;
}

export interface CustomersTable {
  id: Generated<number>;
  /** Stored lower-cased; unique. */
  email: string;
  first_name: string;
  last_name: string;
  /** Null until the shopper sets one (an account made at guest checkout). */
  password_hash: string | null;
  gender: string | null;
  phone: string | null;
  date_of_birth: string | null;
  is_verified: Bool;
  /** 1 while the address was set by a change and its owner has not followed the confirmation link: it gets no password-reset mail (migration 0021). */
  email_unconfirmed: Generated<Bool>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the token the client holds; the token itself is never stored. */
  id: string;
  customer_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
}

export interface AuthTokensTable {
  id: Generated<number>;
  customer_id: number;
  purpose: 'reset_password' | 'verify_account' | 'first_time_login' | 'undo_email_change';
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  /** undo_email_change: the address to restore. */
  detail: Generated<string | null>;
}

/** One row per counted event (failed login, reset request, analytics hit…), shared by every app server. */
export interface RateLimitHitsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  at: string;
}

/** The lock row of a (bucket, key): a rate-limited hit takes it before counting (migration 0018). */
export interface RateLimitKeysTable {
  bucket: string;
  key: string;
  touched_at: string;
}

export interface AddressesTable {
  id: Generated<number>;
  customer_id: number;
  first_name: string;
  last_name: string;
  address1: string;
  address2: string | null;
  city: string;
  country: string;
  state: string | null;
  postcode: string;
  phone: string;
  default_address: Bool;
  addr_type: string | null;
  address_type: string | null;
  created_at: string;
  updated_at: string;
}

export interface CartsTable {
  id: Generated<number>;
  /** Random secret held in the guest's httpOnly cookie. */
  token: string;
  customer_id: number | null;
  is_active: Bool;
  coupon_code: string | null;
  store_credit_cents: number;
  /** Checkout state, JSON documents as saved by the checkout steps. */
  billing_address: string | null;
  shipping_address: string | null;
  instructions: string | null;
  shipping_rate_id: string | null;
  payment_method: string | null;
  created_at: string;
  updated_at: string;
}

export interface CartItemsTable {
  id: Generated<number>;
  cart_id: number;
  /** A product or a diamond (items.id). */
  item_id: number;
  variant_id: number | null;
  /** Groups the setting and the diamond of one build-your-own line. */
  byo_id: string | null;
  quantity: number;
  selected_size: string | null;
  custom_size: string | null;
  selected_jewelry_shape: string | null;
  created_at: string;
}

export interface WishlistsTable {
  id: Generated<number>;
  token: string;
  customer_id: number | null;
  created_at: string;
}

export interface WishlistItemsTable {
  id: Generated<number>;
  wishlist_id: number;
  item_id: number;
  variant_id: number | null;
  byo_id: string | null;
  selected_jewelry_shape: string | null;
  selected_size: string | null;
  /** A ring size outside the standard list (migration 0007); null when a standard size or none was chosen. */
  custom_size: string | null;
  created_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  increment_id: string;
  customer_id: number | null;
  email: string;
  status: string;
  cart_id: number;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  store_credit_cents: number;
  grand_total_cents: number;
  coupon_code: string | null;
  shipping_method: string | null;
  payment_method: string;
  billing_address: string;
  shipping_address: string;
  instructions: string | null;
  /** Secret that lets the payment link pay this order. */
  payment_token: string | null;
  created_at: string;
  updated_at: string;
  /** When an unpaid order's payment window ends (null: no deadline); see orders/payment-hold.ts. */
  payment_due_at: string | null;
  /** Why a cancelled order was cancelled: 'payment_not_received' (expired) or 'staff'. */
  cancel_reason: string | null;
  carrier: string | null;
  tracking_number: string | null;
  /** The card provider that took the money ('stripe', 'test'), or 'banktransfer' when staff marked a transfer received. */
  payment_provider: string | null;
  /** The payment's reference at its provider (Stripe's PaymentIntent id) or the transfer's reference. */
  payment_reference: string | null;
  paid_at: string | null;
  /** 0 while a manual-capture card payment is only authorised (STRIPE_CAPTURE=manual); captured when it ships. */
  payment_captured: Generated<number>;
  /** Issue 30 (migration 0022): the order's tax in total and on shipping, its name, rate (millionths), included or added. */
  tax_cents: Generated<number>;
  shipping_tax_cents: Generated<number>;
  tax_label: string | null;
  tax_rate_millionths: Generated<number>;
  tax_included: Generated<number>;
  /** INV-2026-000001, given when the order is paid (or placed, for cash on delivery). */
  invoice_number: string | null;
  invoiced_at: string | null;
}

/** Every status an order has had, with when it took it. */
export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  created_at: string;
}

/** Money handed back for a paid order cancelled by the shop's staff. */
export interface OrderRefundsTable {
  id: Generated<number>;
  order_id: number;
  amount_cents: number;
  reason: string;
  created_at: string;
  /** The provider that refunds it (null: recorded only, from before card payments, or a bank transfer paid back by hand). */
  provider: string | null;
  provider_refund_id: string | null;
  /** The payment (payment_sessions.id) it goes back to. */
  payment_session_id: string | null;
  /** pending → succeeded | failed | canceled (the provider's word). */
  status: Generated<string>;
  /** Issue 30: the tax this refund gives back (in proportion), and its credit note (CN-2026-000001). */
  tax_cents: Generated<number>;
  credit_note_number: string | null;
  credit_noted_at: string | null;
}

/** A provider's notification (webhook event), recorded by its id: a repeated delivery changes nothing. */
export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  created_at: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  item_id: number;
  variant_id: number | null;
  byo_id: string | null;
  name: string;
  sku: string;
  qty_ordered: number;
  price_cents: number;
  /** JSON: ring size, shape, metal and the other options chosen. */
  options: string;
  /** The line's tax, in cents. */
  tax_cents: Generated<number>;
}

/** A diamond belongs to at most one live order: the primary key makes a second reservation fail. */
export interface DiamondReservationsTable {
  diamond_id: number;
  order_id: number;
  created_at: string;
}

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent (1–100) for percent coupons, cents for fixed ones. */
  value: number;
  min_subtotal_cents: number;
  expires_at: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  times_used: number;
  is_active: Bool;
  created_at: string;
  /** The first instant the coupon applies (its first day's start, UTC); null: at once (migration 0026). */
  starts_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CouponRedemptionsTable {
  id: Generated<number>;
  coupon_id: number;
  order_id: number;
  customer_id: number | null;
  email: string;
  created_at: string;
}

/** Store credit is a ledger: the balance is the sum of a customer's entries and never below zero. */
export interface StoreCreditLedgerTable {
  id: Generated<number>;
  customer_id: number;
  amount_cents: number;
  reason: string;
  order_id: number | null;
  created_at: string;
}

/** A hosted payment page's session (src/server/payments/): the order it pays and how it ended. */
export interface PaymentSessionsTable {
  id: string;
  provider: string;
  order_id: number;
  amount_cents: number;
  status: 'open' | 'paid' | 'authorized' | 'declined' | 'expired';
  card_last4: string | null;
  return_url: string;
  /** The payment at the provider (Stripe's PaymentIntent id), once known. */
  payment_ref: string | null;
  /** The hosted payment page's address. */
  url: string | null;
  created_at: string;
  updated_at: string;
}

export interface NewsletterSubscribersTable {
  id: Generated<number>;
  /** Lower-cased; unique. */
  email: string;
  created_at: string;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  type: string;
  user_id: string | null;
  payload: string;
  created_at: string;
}

/** A booked (or cancelled) appointment; times are UTC ISO text. */
export interface AppointmentsTable {
  id: Generated<number>;
  /** Short code shown to the shopper and used in the video room's name. */
  reference: string;
  kind: 'showroom' | 'video';
  starts_at: string;
  ends_at: string;
  name: string;
  email: string;
  phone: string;
  note: string;
  /** A same-site path (a build-your-own or wishlist item) the shopper attached. */
  attachment: string | null;
  video_url: string | null;
  customer_id: number | null;
  /** SHA-256 of the secret in the cancel link. */
  cancel_token_hash: string;
  status: 'booked' | 'cancelled';
  created_at: string;
  cancelled_at: string | null;
}

/** One row per taken seat of a slot; the key (slot_start, seat_no) makes a seat impossible to take twice. */
export interface AppointmentSeatsTable {
  slot_start: string;
  seat_no: number;
  appointment_id: number;
}

/** The diamonds change log the in-memory search index follows (migration 0002, diamond-sync.ts). */
export interface CatalogChangesTable {
  id: Generated<number>;
  /** null asks every app server to rebuild its index. */
  diamond_id: number | null;
  /** After the change: 1 the stone is listed (available, not hidden), 0 it is not or is gone (migration 0009). */
  listed: number | null;
  /** PostgreSQL: the writing transaction's id (txid_current()); 0 on SQLite. */
  txid: Generated<number>;
  created_at: Generated<string>;
}

/** One row (id 1): bumped by triggers whenever the jewellery changes (migration 0016, src/server/search/). */
export interface SearchRevisionTable {
  id: number;
  revision: number;
}

/** Settings the running shop keeps with its data (migration 0020): `demo` = '1' in the demo shop. */
export interface ShopSettingsTable {
  name: string;
  value: string;
}

export interface Database {
  items: ItemsTable;
  diamonds: DiamondsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  metals: MetalsTable;
  product_variants: ProductVariantsTable;
  product_attributes: ProductAttributesTable;
  customers: CustomersTable;
  sessions: SessionsTable;
  auth_tokens: AuthTokensTable;
  rate_limit_hits: RateLimitHitsTable;
  rate_limit_keys: RateLimitKeysTable;
  addresses: AddressesTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  wishlists: WishlistsTable;
  wishlist_items: WishlistItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  order_refunds: OrderRefundsTable;
  diamond_reservations: DiamondReservationsTable;
  coupons: CouponsTable;
  coupon_redemptions: CouponRedemptionsTable;
  store_credit_ledger: StoreCreditLedgerTable;
  payment_sessions: PaymentSessionsTable;
  payment_events: PaymentEventsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  analytics_events: AnalyticsEventsTable;
  appointments: AppointmentsTable;
  appointment_seats: AppointmentSeatsTable;
  catalog_changes: CatalogChangesTable;
  search_revision: SearchRevisionTable;
  shop_settings: ShopSettingsTable;
  mail_outbox: MailOutboxTable;
  order_payment_windows: OrderPaymentWindowsTable;
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  staff_activity: StaffActivityTable;
  order_notes: OrderNotesTable;
  product_photos: ProductPhotosTable;
  diamond_holds: DiamondHoldsTable;
  alerts: AlertsTable;
  alert_cursor: AlertCursorTable;
  document_sequences: DocumentSequencesTable;
  import_rejections: ImportRejectionsTable;
}

/** A rejected row of a stock file uploaded in the back office (migration 0035, src/server/feeds/rejection-spool.ts). */
export interface ImportRejectionsTable {
  id: Generated<number>;
  /** The staff_activity row that records the import. */
  activity_id: number;
  line: number;
  stock_number: string | null;
  /** Its reasons, a JSON array of strings. */
  reasons: string;
}

/** The last invoice or credit note number given, per kind and year (src/server/invoices/). */
export interface DocumentSequencesTable {
  kind: string;
  year: number;
  last_number: number;
}

/**
 * Every e-mail the shop sends, written in the same transaction as what caused it and delivered by a
 * sender in each app server (src/server/mail/outbox.ts). `message` is the MailMessage as JSON; a row made
 * from a template (`template` and `params`, rendered when first sent: an order's confirmation) has it
 * filled in then. pending → sent, or failed after the last attempt; `next_attempt_at` is when a sender may
 * take it (a sender that takes it moves it on by its lease, so no other takes it meanwhile).
 */
export interface MailOutboxTable {
  id: Generated<number>;
  template: string | null;
  params: string | null;
  recipient: string;
  subject: string | null;
  message: string | null;
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  claimed_by: string | null;
  dedupe_key: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The payment windows the running shop uses, so that the database can give a deadline to an order written without one. */
export interface OrderPaymentWindowsTable {
  status: string;
  minutes: number;
}

export type DiamondRow = Selectable<DiamondsTable>;
export type NewDiamond = Insertable<DiamondsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type VariantRow = Selectable<ProductVariantsTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type CustomerUpdate = Updateable<CustomersTable>;
export type AppointmentRow = Selectable<AppointmentsTable>;

/** A back-office account (migration 0025, src/server/staff/): apart from the shoppers' customers. */
export interface StaffAccountsTable {
  id: Generated<number>;
  /** Stored lower-cased; unique. */
  email: string;
  password_hash: string;
  role: 'owner' | 'manager' | 'editor';
  disabled: Generated<Bool>;
  /** The TOTP secret (base32) once two-factor sign-in is on; null while it is off. */
  totp_secret: string | null;
  /** A secret shown as a QR code while enrolling, until its first code is confirmed. */
  totp_pending_secret: string | null;
  /** JSON array of the SHA-256 of the unused recovery codes. */
  recovery_codes: string | null;
  /** The time step of the last code accepted: a code is good once (no replay within its 30 s). */
  totp_last_step: number | null;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
}

/** A staff sign-in: the id is the SHA-256 of the cookie's token; idle past its time-out, it is over. */
export interface StaffSessionsTable {
  id: string;
  staff_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/** Every staff action, append-only (triggers refuse UPDATE and DELETE). `actor` is the staff e-mail, or `ADMIN_TOKEN`/`cli`. */
export interface StaffActivityTable {
  id: Generated<number>;
  staff_id: number | null;
  actor: string;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  summary: string;
  /** JSON of what changed, before and after. */
  before: string | null;
  after: string | null;
  address: string | null;
  created_at: string;
}

/** A staff member's internal note on an order: never shown to the shopper. */
export interface OrderNotesTable {
  id: Generated<number>;
  order_id: number;
  author: string;
  body: string;
  created_at: string;
}

export type StaffRow = Selectable<StaffAccountsTable>;
export type ActivityRow = Selectable<StaffActivityTable>;
/** A shopper's hold on a stone (migration 0031, src/server/holds/): live while `ended_at` is null. */
export interface DiamondHoldsTable {
  id: Generated<number>;
  diamond_id: number;
  customer_id: number;
  /** The stone's price the holder last heard of: a reprice is told once. */
  price_cents: number;
  created_at: string;
  expires_at: string;
  /** When the reminder e-mail is due (a few hours before the end). */
  remind_at: string;
  reminded_at: string | null;
  ended_at: string | null;
  /** 'released' (by the shopper), 'expired', 'bought', 'staff', 'delisted'. */
  end_reason: string | null;
}

/** A shopper's alert (migrations 0032 and 0033, src/server/alerts/). */
export interface AlertsTable {
  id: Generated<number>;
  customer_id: number;
  kind: 'price_drop' | 'back_in_stock' | 'saved_search';
  diamond_id: number | null;
  /** price_drop on a piece of jewellery: the product variant watched (migration 0033); null for a stone or a search. */
  variant_id: number | null;
  /** saved_search: the listing's filters and sort as JSON ({ filters, sort_by, sort_direction }). */
  filters: string | null;
  /** saved_search: the listing's address (path and query) the digest links to. */
  search_url: string | null;
  /** price_drop: the price the watcher was last told of (or saw when watching began). */
  last_price_cents: number | null;
  /** back_in_stock: 1 when the stone was last seen for sale. */
  last_available: number | null;
  /** saved_search: when the last digest went (or the search was saved). */
  last_digest_at: string | null;
  /** saved_search: stones with a higher id are new to the watcher (ids only grow). */
  last_stone_id: number | null;
  next_digest_at: string | null;
  created_at: string;
}

/** Where the alert pass left the diamond change log (one row, id 1). */
export interface AlertCursorTable {
  id: number;
  change_id: number;
}

/** A product's photographs in order, optionally one variant's own (migration 0028; src/server/product-feed/). */
export interface ProductPhotosTable {
  id: Generated<number>;
  product_id: number;
  variant_id: number | null;
  position: number;
  /** The content digest that names the processed files (src/server/product-feed/photo-store.ts). */
  photo: string;
  alt: string;
  width: number;
  height: number;
  /** The Image Src it came from. */
  source: string;
}
