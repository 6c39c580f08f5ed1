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

/**
 * Vite wraps each dynamic import() of browser code in a helper (880 B of gzipped JavaScript in every
 * page's shell) and prefixes the importing chunk with the list of the imported chunk's own imports, to
 * add <link rel="modulepreload"> for them. Our dynamic imports (ky, the newsletter and analytics calls,
 * the compare tray) import only chunks the page has already loaded, and no CSS: the helper is replaced by
 * a plain call of the import (a failed import rejects as it would unwrapped) and the lists are dropped.
 * A dynamic import that needs CSS stops the build (this plugin would not load it). Astro fixes
 * `build.modulePreload` itself, so the setting cannot do this.
 */
/** @returns {import('vite').Plugin} */
function plainDynamicImports() {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'aurelle:plain-dynamic-imports',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    resolveId: (source) => (source === helper ? helper : null),
    load: (id) => (id === helper ? 'export const __vitePreload = (load) => load();' : null),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const prefix = /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);\n/;
        for (const chunk of Object.values(bundle)) {
          const list = chunk.type === 'chunk' ? prefix.exec(chunk.code) : null;
          if (!list || chunk.type !== 'chunk') continue;
          const other = /** @type {string[]} */ (JSON.parse(list[1] ?? '[]')).filter((file) => !file.endsWith('.js'));
          if (other.length) this.error(`${chunk.fileName}: a dynamic import needs ${other.join(', ')}, which plainDynamicImports() does not load`);
          chunk.code = chunk.code.slice(list[0].length).replace(/__vite__mapDeps\(\[[\d,]*\]\)/g, 'void 0');
        }
      },
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
    // Our middleware checks Origin itself and answers the API in JSON (see src/server/security/origin.ts).
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
    plugins: [tailwindcss(), zodWithoutEval(), plainDynamicImports()],
    environments: {
      client: {
        // React, its JSX runtime and the DOM renderer in one chunk instead of four (every island loads them
        // all; each chunk costs its gzip framing and imports): 600 B less on the diamond listing.
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
              },
            },
          },
        },
      },
    },
  },
  env: {
    // Declared here so Astro validates them; the server reads them through src/server/config/config.ts.
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
      STAFF_EMAIL: envField.string({ context: 'server', access: 'secret', optional: true }),
      METRICS_TOKEN: envField.string({ context: 'server', access: 'secret', optional: true }),
      LOG_LEVEL: envField.string({ context: 'server', access: 'secret', optional: true }),
      MAIL_MAX_ATTEMPTS: envField.number({ context: 'server', access: 'secret', optional: true }),
      MAIL_RETRY_BASE_SECONDS: envField.number({ context: 'server', access: 'secret', optional: true }),
      MAIL_RETRY_MAX_SECONDS: envField.number({ context: 'server', access: 'secret', optional: true }),
      MAIL_POLL_MS: envField.number({ context: 'server', access: 'secret', optional: true }),
      PG_CONNECT_TIMEOUT_MS: envField.number({ context: 'server', access: 'secret', optional: true }),
      PHOTO_DIR: envField.string({ context: 'server', access: 'secret', optional: true }),
      PUBLIC_CATALOG_API: envField.string({ context: 'client', access: 'public', optional: true, default: '/catalog' }),
    },
  },
});
