/**
 * What the checkout pages' first load may not carry. The bundler puts every module a page reaches
 * through static imports into the page's first-load chunks, and only what it reaches through
 * import() into chunks fetched later; so this walks the static imports of the shell (the
 * document) and of the page and names the modules that must stay behind an import().
 */
import { existsSync, globSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../..');

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** Every file and package a file reaches through static imports (type-only imports aside), styles too. */
function staticallyReached(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(entry, 'utf8');
  for (const [, specifier = ''] of text.matchAll(/^import (?!type )(?:[^;]*?from )?'([^']+)'/gms)) {
    const target = resolveImport(entry, specifier);
    if (target) staticallyReached(target, seen);
    else seen.add(specifier);
  }
  return seen;
}

const coreSrc = path.resolve(src, '../../../packages/core/src');

/** Core's file that defines each exported value (the package has no side effects). */
const coreDefinitions = new Map<string, string>();
for (const file of globSync('**/*.ts', { cwd: coreSrc })) {
  if (file.endsWith('.test.ts')) continue;
  const text = readFileSync(path.join(coreSrc, file), 'utf8');
  for (const [, name = ''] of text.matchAll(/^export (?:const|function|class) (\w+)/gm)) {
    coreDefinitions.set(name, path.join(coreSrc, file));
  }
}

/**
 * The files of core the browser loads from the client components a file reaches: of core's
 * barrels the bundler keeps the files that define the values imported, and what those import.
 */
function coreInBrowser(entry: string, client = false, seen = new Set<string>()): Set<string> {
  const core = new Set<string>();
  if (seen.has(entry)) return core;
  seen.add(entry);
  const text = readFileSync(entry, 'utf8');
  const inClient = client || text.startsWith("'use client'");
  for (const [, names = '', specifier = ''] of text.matchAll(
    /^import (?!type )([^;]*?) from '([^']+)'/gms,
  )) {
    const target = resolveImport(entry, specifier);
    if (target) {
      for (const file of coreInBrowser(target, inClient, seen)) core.add(file);
      if (inClient && target.startsWith(coreSrc)) core.add(target);
    } else if (inClient && specifier.startsWith('@checkout/core')) {
      for (const [, name = ''] of names.matchAll(/(?<!type )\b(\w+)\b(?:,|\s*\})/g)) {
        const file = coreDefinitions.get(name);
        if (!file) continue;
        core.add(file);
        for (const reached of coreInBrowser(file, true, seen)) core.add(reached);
      }
    }
  }
  return core;
}

const relative = (files: Set<string>) =>
  [...files].map((file) => (path.isAbsolute(file) ? path.relative(src, file) : file));

const firstLoadOf = (page: string) =>
  relative(
    new Set([
      ...staticallyReached(path.join(src, 'components/shell/document.tsx')),
      ...staticallyReached(path.join(src, `app/[locale]/${page}/page.tsx`)),
    ]),
  );

const firstLoad = firstLoadOf('payment');

/**
 * The files and packages the browser loads from a page: those a client component ('use client')
 * reaches through static imports. The server's own modules (data loading, the api client) aside.
 */
function browserReached(entry: string, client = false, seen = new Set<string>()): Set<string> {
  const reached = new Set<string>();
  const key = `${client}:${entry}`;
  if (seen.has(key)) return reached;
  seen.add(key);
  const text = readFileSync(entry, 'utf8');
  const inClient = client || text.startsWith("'use client'");
  if (inClient) reached.add(entry);
  for (const [, specifier = ''] of text.matchAll(/^import (?!type )(?:[^;]*?from )?'([^']+)'/gms)) {
    const target = resolveImport(entry, specifier);
    if (target) for (const file of browserReached(target, inClient, seen)) reached.add(file);
    else if (inClient) reached.add(specifier);
  }
  return reached;
}

const browserFirstLoad = relative(
  new Set([
    ...browserReached(path.join(src, 'components/shell/document.tsx')),
    ...browserReached(path.join(src, 'app/[locale]/payment/page.tsx')),
  ]),
);

/** Whether a file of ours defines (and exports) a function of that name. */
const defines = (file: string, name: string) =>
  !path.isAbsolute(file) &&
  existsSync(path.join(src, file)) &&
  new RegExp(`^export function ${name}\\b`, 'm').test(readFileSync(path.join(src, file), 'utf8'));

/** next/link and next-intl's navigation: about 7 KB gzip, for prefetches these pages never use. */
const NAVIGATION = ['next/link', 'next-intl/navigation', 'i18n/navigation.ts'];

describe("the payment page's first load", () => {
  it('leaves out paying, the payment methods and their terms until the cart has an e-mail', () => {
    const paying = [
      'components/payments/use-pay.ts',
      'components/payments/renewal-terms.tsx',
      'components/payments/payment-client.ts',
      'components/payments/payment-methods.tsx',
      'components/payments/one-click.tsx',
    ];
    expect(firstLoad.filter((file) => paying.includes(file))).toEqual([]);
  });

  it("leaves out next/link and next-intl's navigation (its links are plain client-side links)", () => {
    expect(firstLoad.filter((file) => NAVIGATION.includes(file))).toEqual([]);
  });

  it("takes core's small modules: backend codes and links, without the tables or login rules", () => {
    const core = [
      ...coreInBrowser(path.join(src, 'components/shell/document.tsx')),
      ...coreInBrowser(path.join(src, 'app/[locale]/payment/page.tsx')),
    ].map((file) => path.relative(coreSrc, file));
    expect(core).toContain('locale-path.ts'); // the e-mail section's login link: the walk sees core
    // Links, text direction and the language list's choice without the table of languages (the
    // server renders the list's options).
    expect(core.filter((file) => file === 'locales.ts')).toEqual([]);
    expect(core.filter((file) => file === 'contract/errors.ts')).toEqual([]);
    // The server reads the arriving address for the auth provider (components/auth/arrival.ts):
    // neither the login rules nor core's table of every parameter ride along.
    expect(core.filter((file) => file === 'contract/login.ts')).toEqual([]);
    expect(core.filter((file) => file === 'query-param-names.ts')).toEqual([]);
  });

  it('loads the HTTP client on the first request (cart, taxes, login), not with the page', () => {
    const client = ['lib/http.ts', 'lib/answers.ts', 'components/checkout/cart-client.ts'];
    expect(browserFirstLoad.filter((file) => client.includes(file))).toEqual([]);
    expect(browserFirstLoad).toContain('components/checkout/checkout-provider.tsx');
  });

  it('fetches the parts the shopper does not start with as it hydrates, apart from the first load', () => {
    const deferred = [
      'components/checkout/address-fields.tsx',
      'components/checkout/countdown.tsx',
      'components/checkout/coupon-field.tsx',
      'components/checkout/cross-sell-section.tsx',
      'components/checkout/sign-up-section.tsx',
      'components/checkout/step-focus.tsx',
      'components/checkout/stepper.tsx',
      'components/plans/order-summary.tsx',
      'components/shell/browser-telemetry.tsx',
      'components/consent/privacy-button.tsx',
      'experiments/exposure.ts',
      'components/auth/profile-menu.tsx',
    ];
    expect(browserFirstLoad.filter((file) => deferred.includes(file))).toEqual([]);
  });

  it("keeps those parts' styles with the page: the server renders their HTML", () => {
    const rendered = [
      'components/checkout/address-fields.tsx',
      'components/checkout/coupon-field.tsx',
      'components/checkout/cross-sell-section.tsx',
      'components/checkout/sign-up-section.tsx',
      'components/checkout/stepper.tsx',
      'components/plans/order-summary.tsx',
      'components/auth/profile-menu.tsx',
    ];
    const styles = rendered.flatMap((file) =>
      [
        ...readFileSync(path.join(src, file), 'utf8').matchAll(
          /^import \w+ from '(\.[^']+\.css)'/gm,
        ),
      ].map(([, sheet = '']) =>
        path.relative(src, path.resolve(path.dirname(path.join(src, file)), sheet)),
      ),
    );
    expect(styles).toContain('components/checkout/coupon-field.module.css');
    expect(styles.filter((sheet) => !firstLoad.includes(sheet))).toEqual([]);
  });

  it("leaves out the success page's conversion event", () => {
    expect(firstLoad.filter((file) => defines(file, 'ConversionEvent'))).toEqual([]);
  });

  it('leaves the error screen out of the error boundary every page loads', () => {
    const boundary = relative(staticallyReached(path.join(src, 'app/[locale]/error.tsx')));
    const screen = ['components/errors/error-screen.tsx', 'lib/report-error.ts'];
    expect(boundary.filter((file) => screen.includes(file))).toEqual([]);
  });

  it('still reaches the checkout it renders (the walk follows the imports)', () => {
    expect(firstLoad).toContain('components/checkout/checkout-provider.tsx');
    expect(firstLoad).toContain('next-intl');
  });
});

describe("the other pages' first load", () => {
  const pages = [
    'pending',
    'processing',
    '', // the home page
    'products',
    'success',
    'dashboard',
    'dashboard/card',
    'account/login/[uid]',
    'oauth2/login',
  ];
  for (const page of pages) {
    it(`leaves out next/link and next-intl's navigation on /${page}${page ? '/' : ''}`, () => {
      expect(firstLoadOf(page).filter((file) => NAVIGATION.includes(file))).toEqual([]);
    });
  }
});
