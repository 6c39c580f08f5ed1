// `npm run import:products -- FILE.csv [--dry-run] [--replace]`: import a Shopify product CSV (and its
// photographs) into the database named by DATABASE_URL (docs/api.md, "Product import and export").
import { ensureModernNode } from './node.mjs';
ensureModernNode();

const { runCli } = await import('./build-lib.mjs');
await runCli('import-products', process.argv.slice(2));
