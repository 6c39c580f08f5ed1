// `npm run export:products -- FILE.csv [--origin URL]`: write the catalogue as a Shopify product CSV
// (docs/api.md, "Product import and export").
import { ensureModernNode } from './node.mjs';
ensureModernNode();

const { runCli } = await import('./build-lib.mjs');
await runCli('export-products', process.argv.slice(2));
