// @ts-check
import { defineConfig, envField } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { assertShopFiles } from './src/server/shop/shop-config-file.ts';

/**
 * Validates src/content/shop.json and the content pages before Astro does anything else, so that a broken
 * file stops `astro build`, `astro dev` and `astro check` with the file, the path inside it and what is wrong.
 */
/** @returns {import('astro').AstroIntegration} */
function shopConfiguration() {
  return {
    name: 'aurelle:shop-configuration',
    hooks: {
      'astro:config:setup': ({ config, logger }) => {
        try {
          assertShopFiles(fileURLToPath(config.root));
        } catch (error) {
          logger.error(error instanceof Error ? error.message : String(error));
          throw error;
        }
      },
    },
  };
}

/**
 * `client:cart`: the cart popup hydrates when a shopper first reaches for the cart, so a page with no
 * other island loads no React (src/features/cart/hydrate-on-cart.ts).
 */
/** @returns {import('astro').AstroIntegration} */
function cartDirective() {
  return {
    name: 'aurelle:cart-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'cart', entrypoint: fileURLToPath(new URL('./src/features/cart/hydrate-on-cart.ts', import.meta.url)) });
      },
    },
  };
}

/**
 * Browser code imports `zod` as src/lib/zod-jitless.ts (zod in jitless mode): zod's `new Function` probe
 * would otherwise be reported as a CSP violation on every page with a form. The server keeps zod's JIT.
 */
/** @returns {import('vite').Plugin} */
function zodWithoutEval() {
  const wrapper = fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url));
  return {
    name: 'aurelle:zod-without-eval',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== 'zod' || importer === wrapper) return null;
      const client = this.environment ? this.environment.config.consumer === 'client' : !options?.ssr;
      return client ? wrapper : null;
    },
  };
}

/** The catalogue's origin when PUBLIC_CATALOG_API points at another server (it is fixed at build time). */
function catalogueOrigin() {
  const api = process.env.PUBLIC_CATALOG_API;
  return api && /^https?:\/\//.test(api) ? ` ${new URL(api).origin}` : '';
}

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [shopConfiguration(), cartDirective(), react()],
  server: { port: 4321 },
  security: {
    // Our middleware checks Origin itself and answers the API in JSON (see src/server/origin.ts).
    checkOrigin: false,
    // Every page gets a Content-Security-Policy header: Astro adds the hashes of its own inline scripts
    // and styles (island hydration included) to script-src and style-src, so nothing else inline runs.
    // The other headers: src/server/security/headers.ts.
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        `connect-src 'self'${catalogueOrigin()}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
    },
  },
  // Prism marks code with classes; Shiki's inline styles would break the CSP above.
  markdown: { syntaxHighlight: 'prism' },
  vite: {
    plugins: [tailwindcss(), zodWithoutEval()],
  },
  env: {
    // Declared here so Astro validates them; the server reads them through src/server/config.ts.
    schema: {
      DATABASE_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      SMTP_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      SITE_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      MAIL_FROM: envField.string({ context: 'server', access: 'secret', optional: true }),
      LOGIN_IP_LIMIT: envField.number({ context: 'server', access: 'secret', optional: true }),
      SEED_DIAMONDS: envField.number({ context: 'server', access: 'secret', optional: true }),
      ADMIN_TOKEN: envField.string({ context: 'server', access: 'secret', optional: true }),
      SHOP_TEST_KNOBS: envField.string({ context: 'server', access: 'secret', optional: true }),
      ADMIN_IMPORT_MAX_BYTES: envField.number({ context: 'server', access: 'secret', optional: true }),
      PUBLIC_CATALOG_API: envField.string({ context: 'client', access: 'public', optional: true, default: '/catalog' }),
    },
  },
});
