// The shop's own hydration directives (registered in astro.config.mjs), typed for .astro files.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates when a shopper first reaches for the cart (src/features/cart/hydrate-on-cart.ts). */
    'client:cart'?: boolean;
  }
}
