/**
 * A URL for the log: the path and the names of its query parameters, every value hidden
 * (`/api/auth/magic-link/verify?token=[redacted]&callbackURL=[redacted]`).
 */
export function redactQuery(url: string): string {
  const start = url.indexOf("?");
  if (start < 0) return url;
  const names = [...new URLSearchParams(url.slice(start + 1)).keys()];
  return `${url.slice(0, start)}?${names.map((name) => `${encodeURIComponent(name)}=[redacted]`).join("&")}`;
}
