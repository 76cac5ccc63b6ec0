/** Cookies read from a Cookie header, or from document.cookie, which has the same form. */

/** A cookie's value as it was written (not URI-decoded), or undefined when it is absent. */
export function cookieValue(cookieHeader: string, name: string): string | undefined {
  return cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}
