/**
 * Decodes Stripe's request encoding (application/x-www-form-urlencoded with bracket keys:
 * `line_items[0][price]=p&metadata[userId]=1&expand[0]=a.b`) into nested objects and arrays.
 */
export function decodeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split('[').map((part) => part.replace(/]$/, ''));
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const slot = part === '' ? String(Object.keys(node).length) : part;
      if (last) node[slot] = value;
      else node = (node[slot] ??= {}) as Record<string, unknown>;
    });
  }
  return arrays(root) as Record<string, unknown>;
}

/** Objects whose keys are 0..n-1 become arrays. */
function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
  const isList = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return isList ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}
