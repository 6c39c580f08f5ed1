/** The product import's path, exempt like the diamond import from the API's 1 MB body limit (it holds to ADMIN_IMPORT_MAX_BYTES itself). */
export const PRODUCT_IMPORT_PATH = '/api/admin/products/import';
