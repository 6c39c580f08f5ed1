/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in customer, loaded by the middleware from the bearer token or the session cookie. */
    customer?: import('./server/accounts/session.ts').Customer;
    /** SHA-256 of the session token (sessions.id), for logout. */
    sessionId?: string;
    /** Who is shopping: the customer, else the guest's cart and wishlist cookies (src/server/shopper/shopper.ts), set by the middleware. */
    shopper: import('./server/shopper/shopper.ts').Shopper;
    /** Set by a page that is the same for every shopper (src/server/page-cache/page-cache.ts). */
    sharedPage?: boolean;
    /** Milliseconds per part of this request's work, for its Server-Timing header (src/server/page-cache/page-cache.ts). */
    timing?: Record<string, number>;
    /** The signed-in staff member (back office, src/server/staff/staff-session.ts), and their session's id. */
    staff?: import('./server/staff/staff-session.ts').Staff;
    staffSessionId?: string;
    staffLoaded?: boolean;
  }
}
