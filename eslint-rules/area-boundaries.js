import fs from 'node:fs';
import path from 'node:path';

/**
 * An area is reached from outside only through its index.ts: a file outside `<area>/` importing
 * `<area>/anything-else` is reported. Files inside an area import its own modules freely; shared
 * infrastructure (src/server's db, http, jobs and lib; the web's app, components and lib) is not
 * an area and is open to all.
 *
 * Areas are found on disk, so a new one is guarded from its first commit:
 * - a server area is a folder directly under src/server that has an index.ts;
 * - a web feature is any folder directly under src/web/features.
 * A folder with its own index.ts deeper inside an area (billing/providers, channels/senders) is
 * the area's own organisation, not an area of its own: code outside still goes through the
 * area's top index, and the area's other files use it as they like. Ownership is what an area
 * draws, and one team owns the whole of billing; nesting areas would make every sub-folder index
 * a public surface to maintain.
 *
 * Web features also do not import each other, not even through an index: a screen in
 * src/web/app composes them, passing one feature's piece to another as a prop or children. The
 * few features that truly build on another are listed in the `featureImports` option
 * (feature → the features it may import, through their index), decided in
 * docs/decisions/018-web-feature-composition.md.
 */

/** Where areas live, relative to the repository root (ESLint's cwd). */
const SERVER_DIR = 'src/server';
const FEATURES_DIR = 'src/web/features';

const subfolders = (dir) => {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  } catch {
    return [];
  }
};

// Read once per lint run (per working directory): the folders do not change while ESLint runs.
const discovered = new Map();

/** The server areas and web features under a repository root, sorted by name. */
export function findAreas(cwd) {
  let found = discovered.get(cwd);
  if (!found) {
    const serverDir = path.join(cwd, SERVER_DIR);
    const server = subfolders(serverDir)
      .filter((entry) => fs.existsSync(path.join(serverDir, entry.name, 'index.ts')))
      .map((entry) => entry.name)
      .sort();
    const features = subfolders(path.join(cwd, FEATURES_DIR))
      .map((entry) => entry.name)
      .sort();
    found = { server, features };
    discovered.set(cwd, found);
  }
  return found;
}

const roots = (cwd) => {
  const { server, features } = findAreas(cwd);
  return [
    { dir: path.join(cwd, SERVER_DIR), areas: new Set(server), features: false },
    { dir: path.join(cwd, FEATURES_DIR), areas: new Set(features), features: true },
  ];
};

/** The area a path (a file, or an area's folder itself) lies in, or undefined. */
function areaOf(target, cwd) {
  for (const root of roots(cwd)) {
    const relative = path.relative(root.dir, target);
    if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) continue;
    const [name, ...rest] = relative.split(path.sep);
    // Files directly in a root (app.ts, main.ts) and folders without an index belong to no area.
    if (!root.areas.has(name)) continue;
    return { root: root.dir, features: root.features, name, rest: rest.join('/') };
  }
  return undefined;
}

// `../alerts` (the folder) and `../alerts/index` both name the index.
const isIndex = (rest) => rest === '' || /^index(\.tsx?)?$/.test(rest);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Import another area only through its index.ts' },
    messages: {
      internal:
        "'{{spec}}' reaches into the {{area}} area's internals: import what you need from its index.ts ('{{index}}'), exporting it there if it belongs to the area's public surface.",
      feature:
        "'{{spec}}': the {{own}} feature imports the {{area}} feature. Compose them in src/web/app instead (a screen passes one feature's piece to the other as a prop or children), or allow the edge in docs/decisions/018-web-feature-composition.md and the featureImports option of earshot/area-boundaries.",
    },
    schema: [
      {
        type: 'object',
        properties: {
          featureImports: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const featureImports = context.options[0]?.featureImports ?? {};
    const file = context.filename;
    const own = areaOf(file, cwd);
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      const area = areaOf(target, cwd);
      if (!area) return;
      const sameRoot = own && own.root === area.root;
      if (sameRoot && own.name === area.name) return;
      if (!isIndex(area.rest)) {
        const index = path.relative(path.dirname(file), path.join(area.root, area.name));
        context.report({
          node,
          messageId: 'internal',
          data: { spec, area: area.name, index: index.startsWith('.') ? index : `./${index}` },
        });
      } else if (sameRoot && area.features && !featureImports[own.name]?.includes(area.name)) {
        context.report({
          node,
          messageId: 'feature',
          data: { spec, own: own.name, area: area.name },
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
