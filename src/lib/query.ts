/**
 * in URLs, filter parameters (those beginning with df for diamonds or pf for products)
 * come after the other query parameters. Order within each group is kept.
 */
const isFilter = (key: string) => key.startsWith('df') || key.startsWith('pf');

export function orderQuery(params: URLSearchParams | string): URLSearchParams {
  const entries = [...new URLSearchParams(params)];
  return new URLSearchParams([...entries.filter(([k]) => !isFilter(k)), ...entries.filter(([k]) => isFilter(k))]);
}

/** `path?query` with the filter parameters last ('' when there is no query). */
export function hrefWithQuery(path: string, params: URLSearchParams | string): string {
  const query = orderQuery(params).toString();
  return query ? `${path}?${query}` : path;
}

/** `path` with `query` (already encoded) appended after `?`, or after `&` when the path has a query. */
export const withQuery = (path: string, query: string) => (query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path);
