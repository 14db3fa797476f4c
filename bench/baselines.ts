/**
 * The two loops the index is measured against: a per-alert regular-expression loop (what
 * the numbers come from) and the reference evaluator of the query language run
 * alert by alert. Both apply the same filters as the index.
 */
import { matchedTerms, matches, parseQuery, type QueryNode } from '@shared/query';
import type { AlertInput, MatchItem } from '../src/server/matching';

type Compiled = { alert: AlertInput; ast: QueryNode; subreddits: string[] | null };
export type Loop = (item: MatchItem) => number;

function compile(alerts: AlertInput[]): Compiled[] {
  return alerts.flatMap((alert) => {
    const parsed = parseQuery(alert.keyword);
    if (!parsed.ok) return [];
    const subreddits = alert.subreddits ? alert.subreddits.split(',') : null;
    return [{ alert, ast: parsed.ast, subreddits }];
  });
}

function textFor({ alert, subreddits }: Compiled, item: MatchItem): string | undefined {
  if (item.kind === 'comment' && !alert.includeComments) return undefined;
  if (subreddits && !subreddits.includes(item.subreddit.toLowerCase())) return undefined;
  if (item.kind === 'comment') return item.body;
  return alert.titlesOnly ? item.title : `${item.title}\n${item.body}`;
}

const escape = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** `/\bterm\b/i` per term (`\W+` between phrase words), on the raw text. */
export function regExpLoop(alerts: AlertInput[]): Loop {
  const compiled = compile(alerts).map((entry) => {
    const evaluate = (node: QueryNode): ((text: string) => boolean) => {
      switch (node.type) {
        case 'term':
        case 'phrase': {
          const body =
            node.type === 'term'
              ? `${escape(node.value)}${node.prefix ? '' : '\\b'}`
              : `${node.words.map(escape).join('\\W+')}\\b`;
          const regExp = new RegExp(`\\b${body}`, 'i');
          return (text) => regExp.test(text);
        }
        // Operators, loosely: enough for a baseline's cost, not its answers.
        case 'title':
          return evaluate(node.leaf);
        case 'near': {
          const [left, right] = [evaluate(node.left), evaluate(node.right)];
          return (text) => left(text) && right(text);
        }
        case 'field':
          return () => true;
        case 'not': {
          const child = evaluate(node.child);
          return (text) => !child(text);
        }
        case 'and': {
          const children = node.children.map(evaluate);
          return (text) => children.every((child) => child(text));
        }
        case 'or': {
          const children = node.children.map(evaluate);
          return (text) => children.some((child) => child(text));
        }
      }
    };
    return { entry, test: evaluate(entry.ast) };
  });
  return (item) => {
    let found = 0;
    for (const { entry, test } of compiled) {
      const text = textFor(entry, item);
      if (text !== undefined && test(text)) found++;
    }
    return found;
  };
}

/** `matches` + `matchedTerms` of the query language, alert by alert. */
export function referenceLoop(alerts: AlertInput[]): Loop {
  const compiled = compile(alerts);
  return (item) => {
    let found = 0;
    for (const entry of compiled) {
      const text = textFor(entry, item);
      if (text !== undefined && matches(entry.ast, text)) {
        found += matchedTerms(entry.ast, text).length > 0 ? 1 : 0;
      }
    }
    return found;
  };
}
