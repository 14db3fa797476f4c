import path from 'node:path';

/**
 * An area (a folder of src/server, or of src/web/features) is reached from outside only through
 * its index.ts: a file outside `<area>/` importing `<area>/anything-else` is reported. Files
 * inside an area import its own modules freely; shared infrastructure (db, http, jobs, lib,
 * the web's app/components/lib) is not an area and is open to all.
 */
export const SERVER_AREAS = [
  'accounts',
  'alerts',
  'billing',
  'channels',
  'diagnostic',
  'email',
  'exclusions',
  'ingestion',
  'matching',
  'mentions',
  'reddit',
  'relevance',
];

const roots = (cwd) => [
  { dir: path.join(cwd, 'src/server'), areas: new Set(SERVER_AREAS) },
  // Every folder of src/web/features is a feature.
  { dir: path.join(cwd, 'src/web/features'), areas: null },
];

/** The area a path (a file, or an area's folder itself) lies in, or undefined. */
function areaOf(target, cwd) {
  for (const root of roots(cwd)) {
    const relative = path.relative(root.dir, target);
    if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) continue;
    const [name, ...rest] = relative.split(path.sep);
    // Files directly in a root (app.ts, main.ts) belong to no area.
    if (root.areas ? !root.areas.has(name) : rest.length === 0 && /\.\w+$/.test(name)) continue;
    return { root: root.dir, name, rest: rest.join('/') };
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
    },
    schema: [],
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const file = context.filename;
    const own = areaOf(file, cwd);
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      const area = areaOf(target, cwd);
      if (!area) return;
      if (own && own.root === area.root && own.name === area.name) return;
      if (isIndex(area.rest)) return;
      const index = path.relative(path.dirname(file), path.join(area.root, area.name));
      context.report({
        node,
        messageId: 'internal',
        data: { spec, area: area.name, index: index.startsWith('.') ? index : `./${index}` },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
