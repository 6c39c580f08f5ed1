/**
 * The shop configuration that editors own (src/content/shop.json), as the API's global setting.
 * Validated at build (astro.config.mjs) and at start (src/server/shop/shop-config.ts): a broken file
 * stops with the file, the path inside it and what is wrong. Objects are strict so that a misspelt key
 * (`is_lnk`) is an error rather than a silently ignored flag.
 */
import { z } from 'zod';
import { checkNavigation, checkPageRoutes } from './shop-config.rules.ts';
import { markupSchema } from '~/features/diamonds/markup.schema.ts';
import { appointmentsConfigSchema } from '~/features/appointments/appointments-config.schema.ts';
import { taxConfigSchema } from './tax-config.schema.ts';

const hex = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #1d2a3f');
/** A font family name; it lands in a CSS custom property, so only plain names are allowed. */
const fontName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, 'must be a plain font family name such as Montserrat');
const pathSegment = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

export const navColumnSchema = z.strictObject({
  rows: z.array(
    z.strictObject({
      admin_name: z.string().optional(),
      nav_items: z.array(z.number().int()),
    }),
  ),
});

export const NAV_TYPES = ['top_banner', 'main_menu', 'menu_button', 'footer'] as const;
/** image, spacer and newsletter-signup are footer views; link (or none) is a plain link; diamonds and products are listings. */
export const VIEW_TYPES = ['image', 'spacer', 'newsletter-signup', 'link', 'diamonds', 'products'] as const;

export const navItemSchema = z.strictObject({
  id: z.number().int().positive(),
  type: z.enum(NAV_TYPES),
  is_root: z.boolean().default(false),
  view_type: z.enum(VIEW_TYPES).optional(),
  admin_name: z.string().optional(),
  href: z.string().optional(),
  image_src: z.string().optional(),
  columns: z.array(navColumnSchema).optional(),
  is_link: z.boolean().optional(),
  slug_prefix: z.string().regex(pathSegment, 'must be a path of lower-case words').optional(),
  slug: z
    .string()
    .regex(/^[a-z0-9_-]+$/i, 'must be one path segment')
    .optional(),
  attribute_swatch_type: z.enum(['image', 'color']).optional(),
  /** An image path for image swatches; a colour as plain text (#d4af37) or JSON ({"from":…,"to":…}). */
  attribute_swatch_value: z.string().optional(),
});

export const cmsPageRouteSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case words joined by hyphens'),
  href: z.string().startsWith('/', 'must start with /'),
  status: z.enum(['draft', 'published']),
});

export const shopConfigSchema = z
  .strictObject({
    shop_name: z.string().min(1),
    logo: z.strictObject({ text: z.string().min(1), tagline: z.string().optional(), image: z.string().optional() }),
    phone: z.string().regex(/\d{3}/, 'must be a phone number'),
    email: z.email(),
    isToolbarHidden: z.boolean(),
    productsWishlistOption: z.boolean(),
    diamondsWishlistOption: z.boolean(),
    app_id: z.string().min(1),
    app_version: z.string().min(1),
    themeOverrides: z.strictObject({
      primary: hex.optional(),
      fontSans: fontName.optional(),
      fontSerif: fontName.optional(),
    }),
    cmsPageRoutes: z.array(cmsPageRouteSchema),
    navigation: z.array(navItemSchema),
    appointments: appointmentsConfigSchema,
    /** Retail markup on imported diamond prices by carat band (server only: never sent to the page). */
    diamond_markup: markupSchema.optional(),
    /** Payment windows of unpaid orders (server only); UNPAID_CARD_HOLD_MINUTES / UNPAID_TRANSFER_HOLD_HOURS win over these. */
    orders: z
      .strictObject({
        unpaid_card_hold_minutes: z.number().int().min(1).max(10_080).optional(),
        unpaid_transfer_hold_hours: z.number().int().min(1).max(2_160).optional(),
        /** A new payment link restarts the window (default false: the window runs from when the order was placed). */
        payment_link_extends_hold: z.boolean().optional(),
      })
      .optional(),
    /** How shoppers pay by bank transfer (server only): shown on the payment step, the success page, the order view and the e-mail. */
    payments: z
      .strictObject({
        bank_transfer: z
          .strictObject({
            account_name: z.string().trim().min(1).max(120),
            bank_name: z.string().trim().min(1).max(120),
            account_number: z.string().trim().min(1).max(40).optional(),
            iban: z.string().trim().min(1).max(40).optional(),
            routing_number: z.string().trim().min(1).max(40).optional(),
            swift_bic: z.string().trim().min(1).max(20).optional(),
            /** What the reference must say; {order} is the order number (default: the order number alone). */
            reference: z.string().trim().min(1).max(120).optional(),
          })
          .refine((b) => b.account_number || b.iban, { message: 'give account_number or iban', path: ['account_number'] })
          .refine((b) => b.routing_number || b.swift_bic, { message: 'give routing_number or swift_bic', path: ['routing_number'] })
          .optional(),
      })
      .optional(),
    /** Sales tax and VAT by destination, and the seller on invoices (server only; src/server/tax/). */
    tax: taxConfigSchema.optional(),
  })
  .superRefine((config, ctx) => {
    for (const issue of [...checkNavigation(config.navigation), ...checkPageRoutes(config)]) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });

export type ShopConfig = z.infer<typeof shopConfigSchema>;
/**
 * What a page's `#shop-config` block holds (src/server/shop/shop-config.ts `shopConfigJson`): the file's
 * shared part and `app_demo`, the demo flag, which the running shop's database decides rather than the
 * editors' file (src/server/shop/shop-mode.ts).
 */
export type PageShopConfig = Omit<ShopConfig, 'navigation' | 'appointments' | 'diamond_markup' | 'orders' | 'payments' | 'tax'> & { app_demo: boolean };
export type NavItem = z.infer<typeof navItemSchema>;
