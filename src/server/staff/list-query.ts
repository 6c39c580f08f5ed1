/**
 * A back-office list's query string: `?q=ring&page=2`, or '' when nothing is set. Empty values and the
 * first page are left out, so that a list's plain address stays plain.
 */
export function listQuery(values: Record<string, string | number | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '' && !(k === 'page' && v === 1)) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}
