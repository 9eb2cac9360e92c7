export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The one HTML frame every e-mail uses. `body` is trusted HTML built with escapeHtml. */
export function layoutEmail(title: string, body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}
<p style="font-size:12px;color:#666;margin-top:32px">CareerPrep · mock interviews, workshops and internships for campus placements</p>
</body></html>`;
}
