/**
 * The Service Layer session lives in two cookies set by Login: B1SESSION (the session) and ROUTEID (the
 * load balancer's node). Both go back on every later call. The values are secrets: never log them.
 */
export const SESSION_COOKIE = 'B1SESSION';

export type CookieJar = ReadonlyMap<string, string>;

/** `B1SESSION=abc; HttpOnly` / `ROUTEID=.node1; path=/` (one string or several) -> name/value pairs. */
export function cookiesFrom(setCookie: string | string[] | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  for (const line of lines) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (name && value) jar.set(name, value);
  }
  return jar;
}

/** The `Cookie` request header for a jar. */
export function cookieHeader(jar: CookieJar): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
