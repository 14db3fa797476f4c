import { printLeaf } from './print';
import type { LeafNode, QueryNode } from './types';

/**
 * Whether every document matching `node` must contain some leaf, as opposed to matching
 * because something is absent. A query must require a positive leaf: one satisfiable by
 * exclusions alone would match nearly every item on Reddit, and the matching index only
 * looks at items in which some leaf occurs.
 *
 * Leaf → true, NOT of a leaf → false, AND → some child, OR → every child; nested NOTs are
 * resolved by De Morgan, so `NOT NOT a` (= `a`) passes and `NOT (a AND b)` does not.
 */
export function requiresPositive(node: QueryNode): boolean {
  return requires(node, false);
}

/** `requiresPositive` of `node`, or of its negation when `negated`. */
function requires(node: QueryNode, negated: boolean): boolean {
  switch (node.type) {
    case 'term':
    case 'phrase':
    case 'title':
      return !negated;
    // `a NEAR b` requires both; negated, neither.
    case 'near':
      return !negated;
    // A field only narrows: it never makes an item contain anything.
    case 'field':
      return false;
    case 'not':
      return requires(node.child, !negated);
    case 'and':
    case 'or': {
      // NOT (a AND b) = NOT a OR NOT b, so negation swaps the two rules.
      const any = (node.type === 'and') !== negated;
      return any
        ? node.children.some((child) => requires(child, negated))
        : node.children.every((child) => requires(child, negated));
    }
  }
}

/**
 * For a query failing `requiresPositive`, the outermost NOT on a path that lets it match
 * without any leaf (the exclusion the error message points at), or the field test on it.
 */
export function blameExclusion(
  node: QueryNode,
  negated = false,
  outermostNot?: QueryNode,
): QueryNode | undefined {
  switch (node.type) {
    case 'term':
    case 'phrase':
    case 'title':
    case 'near':
      return outermostNot;
    case 'field':
      return outermostNot ?? node;
    case 'not':
      return blameExclusion(node.child, !negated, outermostNot ?? node);
    case 'and':
    case 'or': {
      const failing = node.children.find((child) => !requires(child, negated));
      return failing && blameExclusion(failing, negated, outermostNot);
    }
  }
}

export type CollectedLeaf = {
  /** The first occurrence of the leaf in the query. */
  leaf: LeafNode;
  /** Canonical text (`printQuery(leaf)`), also the identity used for de-duplication. */
  text: string;
  /** True when the leaf sits under an odd number of NOTs (`NOT NOT a` is positive). */
  negated: boolean;
};

/**
 * The distinct leaves of a query in order of appearance. A leaf used both positively and
 * negatively (`a OR (b -a)`) is listed once for each polarity.
 */
export function collectTerms(ast: QueryNode): CollectedLeaf[] {
  const seen = new Map<string, CollectedLeaf>();
  const visit = (node: QueryNode, negated: boolean): void => {
    switch (node.type) {
      case 'term':
      case 'phrase': {
        const text = printLeaf(node);
        const key = `${negated ? '-' : '+'}${text}`;
        if (!seen.has(key)) seen.set(key, { leaf: node, text, negated });
        return;
      }
      case 'title':
        return visit(node.leaf, negated);
      case 'near':
        visit(node.left, negated);
        return visit(node.right, negated);
      case 'field':
        return;
      case 'not':
        return visit(node.child, !negated);
      case 'and':
      case 'or':
        for (const child of node.children) visit(child, negated);
    }
  };
  visit(ast, false);
  return [...seen.values()];
}
