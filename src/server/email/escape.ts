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
