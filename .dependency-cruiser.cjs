// Import boundaries (docs/architecture.md, "Layers and their rules"), checked by `npm run lint:boundaries`
// and `npm test`. .astro files are not read here: Biome's noRestrictedImports (biome.json) checks pages.
// Known breaches of `area-internals` from before the rule are listed in .dependency-cruiser-known-violations.json
// (they go with the request-context work); a new one fails. Regenerate that list only to shorten it:
// npx depcruise-baseline src --config .dependency-cruiser.cjs --output-to .dependency-cruiser-known-violations.json
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'features-lib-server-types-only',
      comment: 'Browser code (features/, lib/) imports server/ as types only: a value import would ship server code to the browser.',
      severity: 'error',
      from: { path: '^src/(features|lib)/' },
      to: { path: '^src/server/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'pages-not-repositories',
      comment: 'Routes and pages call an area service; only src/server/<area>/ reaches its tables.',
      severity: 'error',
      from: { path: '^src/pages/' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'area-internals',
      comment: "An area's repositories are its internals: another area calls its service, presenter or rules.",
      severity: 'error',
      from: { path: '^src/server/([^/]+)/' },
      to: { path: '^src/server/([^/]+)/.+\\.repository\\.ts$', pathNot: '^src/server/$1/' },
    },
    {
      name: 'server-not-components',
      comment: 'Server code does not import UI (components/, layouts/, pages/).',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(components|layouts|pages)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js'] },
  },
};
