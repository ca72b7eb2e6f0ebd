/**
 * The fetch each client was created with, for the calls that bring a transport of their own
 * (uploads): outside a browser that fetch carries the cookie jar, so an upload must go through
 * it too. Internal: not in the package's exports.
 */
const fetchOfClient = new WeakMap<object, typeof fetch>();

export function rememberClientFetch(client: object, clientFetch: typeof fetch): void {
  fetchOfClient.set(client, clientFetch);
}

/** The client's own fetch; the platform's when it was created without one. */
export function clientFetch(client: object): typeof fetch {
  return fetchOfClient.get(client) ?? ((input, init) => fetch(input, init));
}
