/** Domains refused for accounts: the disposable-email-domains package plus data/ additions. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const OWN_LIST = fileURLToPath(
  new URL('../../../../../data/blocked-email-domains.json', import.meta.url),
);

export function loadBlockedDomains(): (domain: string) => boolean {
  const disposable = require('disposable-email-domains') as string[];
  const own = (JSON.parse(readFileSync(OWN_LIST, 'utf8')) as { domains: string[] }).domains;
  const blocked = new Set([...disposable, ...own]);
  // A subdomain of a blocked domain is blocked too (mail.mailinator.com).
  return (domain) => {
    for (let d = domain; d.includes('.'); d = d.slice(d.indexOf('.') + 1)) {
      if (blocked.has(d)) return true;
    }
    return blocked.has(domain);
  };
}
