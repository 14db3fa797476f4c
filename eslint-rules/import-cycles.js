import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

/**
 * No module may import itself back through others: a cycle means neither side can be read,
 * tested or moved alone, and at run time one of them sees the other half-initialised.
 *
 * import-x's `no-cycle` finds the cycles; it resolves imports as TypeScript does (the
 * tsconfig's `paths`, so `@shared/*` too). It skips `import type` by design (a type-only import
 * costs nothing at run time), but a cycle made of types still ties two modules' designs
 * together, so here every import counts: the rule sees each import of the file it checks, and
 * of the files it walks through, as a value import.
 */

/** The declaration as if written without `type`, on it or on each of its names. */
const asValueImport = (node) => ({
  ...node,
  importKind: 'value',
  specifiers: node.specifiers.map((specifier) => ({ ...specifier, importKind: 'value' })),
});

/** Marks the top-level imports and re-exports of a parsed module as value ones. */
function markValueImports(ast) {
  for (const node of ast.body) {
    if (node.type === 'ImportDeclaration') {
      node.importKind = 'value';
      for (const specifier of node.specifiers) specifier.importKind = 'value';
    } else if (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') {
      node.exportKind = 'value';
      for (const specifier of node.specifiers ?? []) specifier.exportKind = 'value';
    }
  }
}

/** The parser the rule reads the imported modules with: the file's own, types as values. */
const countingTypes = (parser) => ({
  meta: { name: `import-cycles(${parser.meta?.name})` },
  parseForESLint(code, options) {
    const result = parser.parseForESLint
      ? parser.parseForESLint(code, options)
      : { ast: parser.parse(code, options) };
    markValueImports(result.ast);
    return result;
  },
});

const base = importX.rules['no-cycle'];

const noCycle = {
  ...base,
  create(context) {
    const { parser } = context.languageOptions;
    const languageOptions = { ...context.languageOptions, parser: countingTypes(parser) };
    const visitor = base.create(
      Object.create(context, { languageOptions: { value: languageOptions } }),
    );
    return {
      ...visitor,
      ImportDeclaration: (node) => visitor.ImportDeclaration?.(asValueImport(node)),
    };
  },
};

/**
 * The config block that reports import cycles among `files`, resolving imports with the
 * tsconfig at `tsconfig` (and the projects it references).
 */
export function importCycles({ files, tsconfig = 'tsconfig.json' }) {
  return {
    files,
    plugins: { 'import-x': { ...importX, rules: { ...importX.rules, 'no-cycle': noCycle } } },
    settings: {
      // The files the rule reads imports from (it reads only .js files by default).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ tsconfig: { configFile: tsconfig } }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  };
}
