import {
  fieldHolds,
  nearMatches,
  printQuery,
  type FieldNode,
  type NearNode,
  type QueryDocument,
} from '@shared/query';
import type { ItemScanner } from './item-scanner';
import type { MatchItem } from './types';
import type { OperatorTables, OperatorTests } from './query-program';

/**
 * The index's operator tables and the candidate item they are tested on. Tables hold the
 * distinct field tests and NEARs by printed text: they only grow, with the distinct operators
 * ever indexed, and a rebuild starts them afresh. Field outcomes are cached per item (stamped
 * like the scanner's leaf hits), so one evaluation serves every alert sharing a test.
 */
export class OperatorState {
  private readonly fields: FieldNode[] = [];
  private readonly nears: NearNode[] = [];
  private readonly nearLeaves: number[] = [];
  private readonly ids = new Map<string, number>();
  private fieldStamp = new Int32Array(16).fill(-1);
  private fieldValue = new Uint8Array(16);
  private item: MatchItem | undefined;
  private doc: QueryDocument | undefined;
  private text = '';
  private titleLength = -1;
  private hits: Int32Array = new Int32Array(0);
  private inTitle = false;

  readonly tables: OperatorTables = {
    field: (node) => this.idOf(node, this.fields),
    near: (node, left, right) => {
      const id = this.idOf(node, this.nears);
      this.nearLeaves[2 * id] = left;
      this.nearLeaves[2 * id + 1] = right;
      return id;
    },
  };

  private readonly tests: OperatorTests = {
    title: (leaf) => this.scanner.titleStamp[leaf] === this.scanner.stamp,
    field: (id) => this.fieldHolds(id),
    near: (id) => {
      const stamp = this.scanner.stamp;
      const { hits } = this;
      // Positions are only looked at once both occur (in the searched region).
      if (hits[this.nearLeaves[2 * id]] !== stamp || hits[this.nearLeaves[2 * id + 1]] !== stamp)
        return false;
      const text = this.inTitle ? this.text.slice(0, this.titleLength) : this.text;
      return nearMatches(this.nears[id], text);
    },
  };

  constructor(private readonly scanner: ItemScanner) {}

  /** A new item, as scanned: its normalized text and the length of its title region. */
  startItem(item: MatchItem, text: string, titleLength: number) {
    this.item = item;
    this.doc = undefined;
    this.text = text;
    this.titleLength = titleLength;
  }

  /** The tests for a candidate searching `hits` (its title alone when `inTitle`). */
  testsFor(hits: Int32Array, inTitle: boolean): OperatorTests {
    this.hits = hits;
    this.inTitle = inTitle;
    return this.tests;
  }

  /** Field test `id` on the current item, evaluated once per item. */
  fieldHolds(id: number): boolean {
    const stamp = this.scanner.stamp;
    if (id >= this.fieldStamp.length) this.growFieldCache();
    if (this.fieldStamp[id] === stamp) return this.fieldValue[id] === 1;
    const holds = fieldHolds(this.fields[id], this.itemDocument());
    this.fieldStamp[id] = stamp;
    this.fieldValue[id] = holds ? 1 : 0;
    return holds;
  }

  private growFieldCache() {
    const length = Math.max(this.fields.length, this.fieldStamp.length * 2);
    const stamps = new Int32Array(length).fill(-1);
    stamps.set(this.fieldStamp);
    const values = new Uint8Array(length);
    values.set(this.fieldValue);
    this.fieldStamp = stamps;
    this.fieldValue = values;
  }

  /** The current item's fields, built once per item when a field test first needs them. */
  private itemDocument(): QueryDocument {
    if (!this.doc && this.item) {
      const { kind, author, subreddit, nsfw, source } = this.item;
      this.doc = { text: '', kind, author, subreddit, nsfw, source };
    }
    return this.doc as QueryDocument;
  }

  /** The id of an operator in its table, adding it on first use. */
  private idOf<T extends FieldNode | NearNode>(node: T, table: T[]): number {
    const key = printQuery(node);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = table.push(node) - 1;
      this.ids.set(key, id);
    }
    return id;
  }
}
