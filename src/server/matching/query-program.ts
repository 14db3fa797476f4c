import {
  collectTerms,
  printLeaf,
  type FieldNode,
  type LeafNode,
  type NearNode,
  type QueryNode,
} from '@shared/query';

/**
 * A query compiled for the index. `program` is the boolean structure in postfix form over
 * leaf ids: a leaf id (≥ 0) pushes whether that leaf occurs, `NOT` negates the top, and an
 * and/or opcode combines the top n values. The operators take the next integer as their
 * operand and push a test of the candidate item: `TITLE` leaf (the leaf occurs in the
 * title), `FIELD` id (`author:` and the like), `NEAR` id (see `OperatorTables`). Evaluating
 * a few integers beats walking AST objects, and 100,000 of them stay small.
 */
export type QueryProgram = {
  program: number[];
  /** The positive leaves in `matchedTerms` order: what a match reports. */
  positive: number[];
  /** Leaves of which at least one occurs in every matching item (see `triggersOf`). */
  triggers: number[];
  /** Every distinct leaf, each acquired once (released when the alert goes). */
  leaves: number[];
  /**
   * Field tests every match must pass, lifted out of a top-level AND (`stripe -author:x`):
   * `id << 1 | wanted`. They are checked before the program, from a per-item cache, and
   * leave a one-leaf rest on the index's fast path.
   */
  filters: number[];
};

export const NOT = -1;
export const TITLE = -2;
export const FIELD = -3;
export const NEAR = -4;
const andOp = (count: number) => -2 - 2 * count;
const orOp = (count: number) => -3 - 2 * count;

/** Where the index keeps what its operators test; each returns the operand's id. */
export type OperatorTables = {
  field: (node: FieldNode) => number;
  near: (node: NearNode, left: number, right: number) => number;
};

/** What `runProgram` asks of the candidate item for the operators. */
export type OperatorTests = {
  title: (leaf: number) => boolean;
  field: (id: number) => boolean;
  near: (id: number) => boolean;
};

/** Compiles `ast`, turning each distinct leaf into an id with `acquire`. */
export function compileQuery(
  ast: QueryNode,
  acquire: (leaf: LeafNode) => number,
  tables: OperatorTables,
): QueryProgram {
  const ids = new Map<string, number>();
  const idOf = (leaf: LeafNode): number => {
    const printed = printLeaf(leaf);
    let id = ids.get(printed);
    if (id === undefined) {
      id = acquire(leaf);
      ids.set(printed, id);
    }
    return id;
  };
  const program: number[] = [];
  const filters: number[] = [];
  const emit = (node: QueryNode): void => {
    switch (node.type) {
      case 'term':
      case 'phrase':
        program.push(idOf(node));
        return;
      case 'title':
        program.push(TITLE, idOf(node.leaf));
        return;
      case 'field':
        program.push(FIELD, tables.field(node));
        return;
      case 'near':
        program.push(NEAR, tables.near(node, idOf(node.left), idOf(node.right)));
        return;
      case 'not':
        emit(node.child);
        program.push(NOT);
        return;
      case 'and':
      case 'or':
        for (const child of node.children) emit(child);
        program.push(
          node.type === 'and' ? andOp(node.children.length) : orOp(node.children.length),
        );
    }
  };
  emit(liftFilters(ast, (node, wanted) => filters.push((tables.field(node) << 1) | +wanted)));
  const positive = collectTerms(ast)
    .filter((collected) => !collected.negated)
    .map((collected) => idOf(collected.leaf));
  const triggers = triggersOf(ast, false)?.leaves ?? [];
  return {
    program,
    positive,
    triggers: [...new Set(triggers.map(idOf))],
    leaves: [...ids.values()],
    filters,
  };
}

/**
 * `ast` without the field tests of its top-level AND (each handed to `lift` with the outcome
 * it needs); the rest of the AND, which always holds a leaf (`requiresPositive`).
 */
function liftFilters(ast: QueryNode, lift: (node: FieldNode, wanted: boolean) => void): QueryNode {
  if (ast.type !== 'and') return ast;
  const rest = ast.children.filter((child) => {
    if (child.type === 'field') lift(child, true);
    else if (child.type === 'not' && child.child.type === 'field') lift(child.child, false);
    else return true;
    return false;
  });
  return rest.length === 1 ? rest[0] : { type: 'and', children: rest };
}

type TriggerSet = { leaves: LeafNode[]; rarity: number };

/** Leaves of which one occurs in every item `ast` matches (the index's trigger choice). */
export const triggerLeaves = (ast: QueryNode): LeafNode[] => triggersOf(ast, false)?.leaves ?? [];

/**
 * A set of leaves such that every item matching `node` (or its negation, when `negated`)
 * contains one of them; undefined when none exists. It mirrors `requiresPositive` exactly
 * (AND needs one child's set, OR every child's, NOT swaps the two), so every query the
 * parser accepts has one. An alert is only evaluated for items in which one of its triggers
 * occurred, and for AND the rarest child is chosen so that `the AND kubernetes` is not
 * evaluated for every item containing "the".
 */
function triggersOf(node: QueryNode, negated: boolean): TriggerSet | undefined {
  switch (node.type) {
    case 'term':
    case 'phrase':
      return negated ? undefined : { leaves: [node], rarity: rarityOf(node) };
    // A title occurrence is an occurrence: the leaf's own list triggers it.
    case 'title':
      return triggersOf(node.leaf, negated);
    // Like `left AND right`: the rarer one will do.
    case 'near': {
      if (negated) return undefined;
      const [left, right] = [rarityOf(node.left), rarityOf(node.right)];
      return left >= right
        ? { leaves: [node.left], rarity: left }
        : { leaves: [node.right], rarity: right };
    }
    case 'field':
      return undefined;
    case 'not':
      return triggersOf(node.child, !negated);
    case 'and':
    case 'or': {
      const sets = node.children.map((child) => triggersOf(child, negated));
      if ((node.type === 'and') !== negated) {
        let best: TriggerSet | undefined;
        for (const set of sets) if (set && (!best || set.rarity > best.rarity)) best = set;
        return best;
      }
      if (sets.some((set) => set === undefined)) return undefined;
      const defined = sets as TriggerSet[];
      return {
        leaves: defined.flatMap((set) => set.leaves),
        rarity: Math.min(...defined.map((set) => set.rarity)),
      };
    }
  }
}

/** A guess at how rarely a leaf occurs, without statistics: longer is rarer. */
function rarityOf(leaf: LeafNode): number {
  if (leaf.type === 'phrase') return 1000 + leaf.words.join('').length;
  return leaf.prefix ? leaf.value.length : leaf.value.length + 1;
}

/**
 * Runs a program with `hits[leaf] === stamp` meaning "the leaf occurs". `stack` must hold
 * at least `program.length` entries.
 */
export function runProgram(
  program: number[],
  hits: Int32Array,
  stamp: number,
  stack: Uint8Array,
  tests: OperatorTests,
): boolean {
  let top = 0;
  for (let index = 0; index < program.length; index++) {
    const code = program[index];
    if (code >= 0) {
      stack[top++] = hits[code] === stamp ? 1 : 0;
    } else if (code === NOT) {
      stack[top - 1] ^= 1;
    } else if (code >= NEAR) {
      const operand = program[++index];
      const holds =
        code === TITLE
          ? tests.title(operand)
          : code === FIELD
            ? tests.field(operand)
            : tests.near(operand);
      stack[top++] = holds ? 1 : 0;
    } else {
      const decoded = -2 - code;
      const count = decoded >> 1;
      const isOr = (decoded & 1) === 1;
      let result = isOr ? 0 : 1;
      for (let at = top - count; at < top; at++) {
        result = isOr ? result | stack[at] : result & stack[at];
      }
      top -= count;
      stack[top++] = result;
    }
  }
  return stack[0] === 1;
}
