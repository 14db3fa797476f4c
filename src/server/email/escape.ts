const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values alike. */
export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** Only http(s) links leave in an email; anything else (javascript:, data:) becomes `fallback`. */
export function safeHttpUrl(candidate: string, fallback: string) {
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : fallback;
  } catch {
    return fallback;
  }
}
