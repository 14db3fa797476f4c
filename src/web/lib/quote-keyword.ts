/**
 * A keyword set in a sentence: “zendesk”, or as it is when it has quotes of its own
 * (`"zendesk alternative" OR helpdesk`), so that quotes never nest (“"zendesk…"”).
 * `straight` uses the spec's "…" for texts it quotes that way.
 */
export function quoteKeyword(keyword: string, marks: 'curly' | 'straight' = 'curly') {
  if (/["“”„]/.test(keyword)) return keyword;
  return marks === 'curly' ? `“${keyword}”` : `"${keyword}"`;
}
