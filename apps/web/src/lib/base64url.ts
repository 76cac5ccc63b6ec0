/** UTF-8 text as base64url, for values carried in a URL (the api decodes with Buffer). */
export function base64url(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
