/**
 * The API routes as the file system declares them: every file under src/pages/api/ and
 * src/pages/catalog/ (whatever other branches add later), its URL pattern with the dynamic segments
 * named, and the HTTP methods it exports. Used by the fuzz test so that a new endpoint is fuzzed the day
 * it lands, without anyone listing it, and by the OpenAPI test so that it is documented.
 */
import fs from 'node:fs';
import path from 'node:path';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

export type Segment = { kind: 'static'; value: string } | { kind: 'param'; name: string } | { kind: 'rest'; name: string };

export interface ApiRoute {
  file: string;
  segments: Segment[];
  methods: Method[];
  /** The methods it exports by name (not through ALL, which answers the others with an error). */
  served: Method[];
  /** `/api/addresses/[id]` style, for messages. */
  pattern: string;
}

const root = path.resolve(import.meta.dirname, '../..');
const ROUTE_DIRS = ['src/pages/api', 'src/pages/catalog'];

export function discoverApiRoutes(): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const dir of ROUTE_DIRS) {
    const abs = path.join(root, dir);
    if (!fs.existsSync(abs)) continue;
    for (const file of walk(abs)) {
      if (!/\.(ts|js|mjs)$/.test(file) || /\.(test|spec|d)\.ts$/.test(file)) continue;
      const source = fs.readFileSync(file, 'utf8');
      const methods = exportedMethods(source);
      if (methods.length === 0) continue;
      const rel = path
        .relative(path.join(root, 'src/pages'), file)
        .replace(/\\/g, '/')
        .replace(/\.(ts|js|mjs)$/, '');
      const parts = rel.split('/').filter((p) => p !== 'index');
      const segments = parts.map(toSegment);
      routes.push({ file: path.relative(root, file), segments, methods, served: exportedMethods(source, false), pattern: `/${parts.join('/')}` });
    }
  }
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

function toSegment(part: string): Segment {
  const rest = /^\[\.\.\.(.+)\]$/.exec(part);
  if (rest) return { kind: 'rest', name: rest[1]! };
  const param = /^\[(.+)\]$/.exec(part);
  if (param) return { kind: 'param', name: param[1]! };
  return { kind: 'static', value: part };
}

/** `export const GET`, `export async function POST`, `export { GET, PUT as … }`; ALL means every method. */
export function exportedMethods(source: string, all = true): Method[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|let|var|async\s+function|function)\s+([A-Z]+)\b/g)) names.add(m[1]!);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const spec of m[1]!.split(',')) {
      const name = spec
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.add(name);
    }
  }
  if (all && names.has('ALL')) return [...METHODS];
  return METHODS.filter((m) => names.has(m));
}

/**
 * A concrete path: each dynamic segment replaced by the value the generator gave, URL-encoded (lone
 * surrogates made well-formed first; `.` and `..` get a suffix, or URL normalisation would climb a level).
 */
export function concretePath(route: ApiRoute, values: { param: string; rest: string[] }): string {
  return (
    '/' +
    route.segments
      .map((s) => {
        if (s.kind === 'static') return s.value;
        if (s.kind === 'param') return encodeSegment(values.param) || '0';
        return values.rest.map(encodeSegment).join('/') || 'x';
      })
      .join('/')
  );
}

const encodeSegment = (value: string) => encodeURIComponent(/^\.+$/.test(value) ? `${value}_` : value.toWellFormed());
