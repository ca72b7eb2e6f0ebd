const PLACEHOLDER_ORIGIN = 'http://portal.invalid';

/**
 * Returns `value` if it is a local path (a single leading "/"), normalised to
 * path + search + hash, else null. Guards the `?redirect=` query against open redirects:
 * "//evil.example", "/\evil.example", "https://…", "javascript:…" are all refused, and so is
 * anything whose normalised path starts with two slashes ("/.//evil.example").
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and whitespace can be stripped by browsers into "//" forms.
  if ([...value].some((char) => char <= '\u001f' || char === '\u007f' || /\s/.test(char))) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  // The normalised path is what gets navigated to: "/.//evil.example", "/..//", "/%2e//" and
  // "/./\\" all collapse into "//evil.example", a protocol-relative address of another host.
  if (/^[/\\]{2}/.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
