/** Content-coding negotiation for what this server compresses itself (shared pages, hashed assets). */
export type Encoding = 'br' | 'gzip' | 'identity';

/** br before gzip, as browsers send both; `q=0` refuses a coding. */
export function negotiate(accept: string | string[] | null | undefined): Encoding {
  const offered = new Map<string, number>();
  for (const part of String(accept ?? '')
    .toLowerCase()
    .split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) offered.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : 'identity';
}
