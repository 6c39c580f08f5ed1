/**
 * JSON Schemas of Stripe's objects, derived from the official `stripe` package's own TypeScript
 * declarations (the SDK is generated from Stripe's OpenAPI description; the package ships no copy of
 * the description itself), so a test can hold the stand-in's answers to Stripe's published shapes:
 * every field the object declares is required unless it is optional there, no field it does not
 * declare is allowed, enums are the declared literals, and nullable fields are `null` or their type.
 * An expandable field (`string | Customer`) is held to its id form: the shop never expands.
 */
import path from 'node:path';
import ts from 'typescript';

type Schema = Record<string, unknown> | boolean;

const root = path.resolve(import.meta.dirname, '../..');
const entry = path.join(root, 'tests/support/stripe-types.ts');

let cache: { program: ts.Program; checker: ts.TypeChecker; exports: Map<string, ts.Symbol> } | undefined;

function load() {
  if (cache) return cache;
  const program = ts.createProgram([entry], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  if (!source) throw new Error(`cannot read ${entry}`);
  const moduleSymbol = checker.getSymbolAtLocation(source)!;
  const exports = new Map(checker.getExportsOfModule(moduleSymbol).map((s) => [s.getName(), s]));
  cache = { program, checker, exports };
  return cache;
}

/** A JSON Schema (draft-07, with `definitions`) of the exported type `name` of stripe-types.ts. */
export function stripeSchema(name: string): Record<string, unknown> {
  const { checker, exports } = load();
  const symbol = exports.get(name);
  if (!symbol) throw new Error(`stripe-types.ts exports no ${name}`);
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  const definitions: Record<string, Schema> = {};
  const names = new Map<ts.Type, string>();

  const isResource = (t: ts.Type): boolean => {
    const obj = t.getProperty('object');
    if (!obj || !obj.valueDeclaration) return false;
    const ot = checker.getTypeOfSymbolAtLocation(obj, obj.valueDeclaration);
    return (ot.flags & ts.TypeFlags.StringLiteral) !== 0 && t.getProperty('id') !== undefined;
  };

  const convert = (t: ts.Type, expandResources: boolean): Schema => {
    const f = t.flags;
    // The SDK's Decimal (a branded value type) is a decimal string on the wire.
    if (checker.typeToString(t) === 'Decimal') return { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' };
    if (f & ts.TypeFlags.Any || f & ts.TypeFlags.Unknown) return true;
    if (f & ts.TypeFlags.Void || f & ts.TypeFlags.Never) return false;
    if (f & ts.TypeFlags.StringLiteral) return { const: (t as ts.StringLiteralType).value };
    if (f & ts.TypeFlags.NumberLiteral) return { const: (t as ts.NumberLiteralType).value };
    if (f & ts.TypeFlags.BooleanLiteral) return { const: checker.typeToString(t) === 'true' };
    if (f & ts.TypeFlags.String) return { type: 'string' };
    if (f & ts.TypeFlags.Number) return { type: 'number' };
    if (f & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (f & ts.TypeFlags.Null) return { type: 'null' };
    // OtherString (`string & Record<never, never>`): the SDK's "any other string" beside an enum's literals.
    if (t.isIntersection() && t.types.some((m) => m.flags & ts.TypeFlags.String)) return { type: 'string' };
    if (t.isUnion()) {
      const members = t.types.filter((m) => !(m.flags & ts.TypeFlags.Undefined));
      const hasString = members.some((m) => m.flags & ts.TypeFlags.String);
      const bools = members.filter((m) => m.flags & ts.TypeFlags.BooleanLiteral);
      const rest = members.filter((m) => !(m.flags & ts.TypeFlags.BooleanLiteral));
      const parts: Schema[] = [];
      if (bools.length === 2) parts.push({ type: 'boolean' });
      else for (const b of bools) parts.push(convert(b, expandResources));
      for (const m of rest) {
        // `string | Customer`: an expandable field, held to its id.
        if (hasString && m.flags & ts.TypeFlags.Object && isResource(m)) continue;
        parts.push(convert(m, expandResources));
      }
      const literals = parts.filter((p): p is { const: unknown } => typeof p === 'object' && 'const' in p && Object.keys(p).length === 1);
      if (literals.length === parts.length) return { enum: literals.map((l) => l.const) };
      return parts.length === 1 ? parts[0]! : { anyOf: parts };
    }
    if (checker.isArrayType(t)) return { type: 'array', items: convert(checker.getTypeArguments(t as ts.TypeReference)[0]!, true) };
    if (f & ts.TypeFlags.Object) {
      // A value class (Decimal) travels as a string.
      if (t.getProperties().some((p) => p.valueDeclaration && checker.getTypeOfSymbolAtLocation(p, p.valueDeclaration).getCallSignatures().length > 0))
        return { type: 'string' };
      const known = names.get(t);
      if (known) return { $ref: `#/definitions/${known}` };
      const id = `${checker
        .typeToString(t)
        .replace(/[^A-Za-z0-9_.]/g, '_')
        .slice(0, 80)}_${names.size}`;
      names.set(t, id);
      const properties: Record<string, Schema> = {};
      const required: string[] = [];
      for (const p of t.getProperties()) {
        const decl = p.valueDeclaration ?? p.declarations?.[0];
        if (!decl) continue;
        const pt = checker.getTypeOfSymbolAtLocation(p, decl);
        // Methods (lastResponse helpers and the like) are no part of the JSON.
        if (pt.getCallSignatures().length > 0) continue;
        properties[p.getName()] = convert(checker.getTypeOfSymbolAtLocation(p, decl), true);
        if (!(p.flags & ts.SymbolFlags.Optional)) required.push(p.getName());
      }
      const index = t.getStringIndexType();
      definitions[id] = { type: 'object', properties, required, additionalProperties: index ? convert(index, true) : false };
      return { $ref: `#/definitions/${id}` };
    }
    throw new Error(`stripe-schema: no JSON Schema for ${checker.typeToString(t)}`);
  };

  const top = convert(type, true);
  return { $schema: 'http://json-schema.org/draft-07/schema#', definitions, ...(top as object) };
}
