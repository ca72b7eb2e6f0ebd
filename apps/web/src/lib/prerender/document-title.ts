/**
 * The document title a prerendered page sets (`PageTitle` runs no effects on the server), so
 * the prerendered HTML carries the page's own `<title>`.
 */
let title: string | null = null;

export function recordPrerenderedTitle(value: string) {
  title = value;
}

/** Returns the title recorded since the last call and forgets it. */
export function takePrerenderedTitle(): string | null {
  const value = title;
  title = null;
  return value;
}
