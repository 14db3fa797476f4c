import type { QueryNode } from './types';

/** Builds a flattened and/or node; a single child stands for itself. */
export function combine(type: 'and' | 'or', nodes: QueryNode[]): QueryNode {
  if (nodes.length === 1) return nodes[0];
  const children = nodes.flatMap((node) => (node.type === type ? node.children : [node]));
  return { type, children };
}
