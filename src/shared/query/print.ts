import { isFilterUnit, readsAsOperator } from './fields';
import type { LeafNode, QueryNode } from './types';

/**
 * Prints a leaf so that parsing it again yields the same leaf. Values are normalized and
 * never hold spaces, quotes or parentheses, so only two cases need care:
 * - a literal trailing `*` (from `"a*"`) must not turn into a prefix: quote it;
 * - a leading `-` (from `"-a"` or `－a`) must not turn into NOT: quote it, or, for a prefix
 *   term where quotes would make the `*` literal, write it as the full-width `－` (U+FF0D),
 *   which normalizes back to `-`;
 * - a leading `name:` must not turn into an operator (same two ways).
 */
export function printLeaf(leaf: LeafNode): string {
  if (leaf.type === 'phrase') return `"${leaf.words.join(' ')}"`;
  const { value, prefix } = leaf;
  // Printed as is, a value like `author:x` (from `"author:x"`), or `a:` as the prefix `a:*`,
  // would read back as an operator: quote it, or for a prefix term (where quotes would make
  // the `*` literal) write the full-width colon `：`, which normalizes back to `:`.
  if (prefix) {
    const text = readsAsOperator(`${value}*`) ? value.replace(':', '\uff1a') : value;
    return text.startsWith('-') ? `\uff0d${text.slice(1)}*` : `${text}*`;
  }
  const quote = value.startsWith('-') || value.endsWith('*') || readsAsOperator(value);
  return quote ? `"${value}"` : value;
}

/**
 * Canonical text of a query: juxtaposition for AND, ` OR `, `-` for a negated leaf or group,
 * `NOT` for a negated negation (`--a` would read as excluding the term `-a`), and
 * parentheses only where precedence needs them — or where a filter must stay local: at the
 * top level, a filter beside an OR applies to the whole query, so a side of a top-level OR
 * that holds one of its own is printed in parentheses (`a OR (b -author:x)`).
 */
export function printQuery(node: QueryNode): string {
  if (node.type !== 'or') return printNode(node);
  return node.children
    .map((child) =>
      child.type === 'and' && child.children.some(isFilterUnit)
        ? `(${printNode(child)})`
        : printNode(child),
    )
    .join(' OR ');
}

/** `printQuery` of a node inside parentheses, where filters stay local. */
function printNode(node: QueryNode): string {
  switch (node.type) {
    case 'term':
    case 'phrase':
      return printLeaf(node);
    case 'field':
      return `${node.field}:${node.value}`;
    case 'title':
      return `title:${printLeaf(node.leaf)}`;
    case 'near':
      return `${printLeaf(node.left)} NEAR/${node.distance} ${printLeaf(node.right)}`;
    case 'and':
      return node.children
        .map((child) => (child.type === 'or' ? `(${printNode(child)})` : printNode(child)))
        .join(' ');
    case 'or':
      return node.children.map(printNode).join(' OR ');
    case 'not': {
      const { child } = node;
      if (child.type === 'not') return `NOT ${printNode(child)}`;
      if (child.type === 'and' || child.type === 'or' || child.type === 'near') {
        return `-(${printNode(child)})`;
      }
      return `-${printNode(child)}`;
    }
  }
}
