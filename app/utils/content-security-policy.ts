/**
 * What a page may load: its own scripts, styles, photos and fonts, and inline
 * scripts carrying this response's nonce. No plugins, no <base>, no framing,
 * forms only to the shop. Photos may also come from `mediaOrigin` (the origin
 * of MEDIA_PUBLIC_URL: a CDN or the bucket) when one is set.
 */
export function contentSecurityPolicy(nonce: string, mediaOrigin: string | null = null): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes (chart bars, photo boxes) are allowed; style elements come from our files.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mediaOrigin ? ` ${mediaOrigin}` : ""}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}
