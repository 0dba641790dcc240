/** Escapes text for HTML. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A small server-rendered page (unsubscribe, newsletter confirmation, development mailbox). */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
button{font-size:1rem;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#b31b1b;color:#fff;cursor:pointer}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:.4rem;text-align:left}
pre{white-space:pre-wrap;background:#f3f4f6;padding:1rem}</style></head><body>${body}</body></html>`;
}
