/**
 * The whole HTML document: language and direction, client providers, header, footer. Shared by
 * the [locale] layout and the global not-found screen (which Next renders outside that layout).
 */
import type { ReactNode } from 'react';
import { localizedPath } from '@checkout/core';
import { getTranslations } from 'next-intl/server';
import { SHELL_NAMESPACES } from '../../i18n/messages';
import { AppContextProvider } from '../../context/app-context';
import { PopoversProvider } from '../../context/popovers';
import { QueryParamsProvider } from '../../context/query-params';
import { ShellLinksProvider } from '../../context/shell-links';
import { getAppContext, getRequestUrl } from '../../server/app-context.server';
import { resolveLink } from '../../server/links';
import { getShellInfo } from '../../server/shell.server';
import { analyticsSetup } from '../../server/analytics.server';
import { AnalyticsRoot } from '../../analytics/analytics-root';
import { browserTelemetryConfig } from '../../server/telemetry.server';
import { arrivalOf } from '../auth/arrival';
import { AuthProvider } from '../auth/auth-provider';
import { Header } from './header';
import { Footer } from './footer';
import { ClientMessages } from './client-messages';
import { LazyBrowserTelemetry } from './lazy-shell';
import { IdleShell } from './idle-shell';
import { malformedParams } from '../../rules/query-params';
import { sensitiveFree } from '../../rules/query-cleanup';
import '../../styles/globals.css';

/** Pages whose footer carries the subscription disclaimer. */
const DISCLAIMER_PATHS = new Set(['/payment/']);

/** The Subscription Terms' page ([locale]/legal/terms-of-service/subscription). */
const SUBSCRIPTION_TERMS_PATH = '/legal/terms-of-service/subscription/';

export async function Document({ children }: { children: ReactNode }) {
  const [context, shell, t, url] = await Promise.all([
    getAppContext(),
    getShellInfo(),
    getTranslations(),
    getRequestUrl(),
  ]);
  const analytics = await analyticsSetup(context, shell.group);
  // The disclaimer's links lead to the legal pages in the shopper's language.
  const locale = context.language.urlCode;
  return (
    <html lang={context.language.localeCode} dir={context.language.rtl ? 'rtl' : 'ltr'}>
      <body>
        <a className="skip-link" href="#main">
          {t('common.skipToContent')}
        </a>
        <ClientMessages namespaces={SHELL_NAMESPACES}>
          <AppContextProvider value={context}>
            <QueryParamsProvider>
              <PopoversProvider>
                <ShellLinksProvider value={shell.links}>
                  <LazyBrowserTelemetry config={browserTelemetryConfig()} />
                  <IdleShell
                    checked={{
                      query: sensitiveFree(url.searchParams),
                      malformed: malformedParams(url.searchParams),
                    }}
                  />
                  <AnalyticsRoot {...analytics} />
                  <AuthProvider arrival={arrivalOf(url.searchParams, context.user?.id ?? null)}>
                    {/* The account site's own login screens have no profile area. */}
                    <Header
                      brand={shell.brand}
                      group={shell.group}
                      showLogin={!shell.path.startsWith('/account/')}
                      showLogout
                      testMode={shell.testMode}
                    />
                    <main id="main">{children}</main>
                    <Footer
                      brand={shell.brand}
                      group={shell.group}
                      country={context.geoData.countryCode}
                      disclaimer={
                        DISCLAIMER_PATHS.has(shell.path)
                          ? t.rich('footer.paymentDisclaimer', {
                              terms: (chunks) => (
                                <a href={resolveLink(shell.brand.termsUrl, locale)}>{chunks}</a>
                              ),
                              subscription: (chunks) => (
                                <a href={localizedPath(locale, SUBSCRIPTION_TERMS_PATH)}>
                                  {chunks}
                                </a>
                              ),
                            })
                          : undefined
                      }
                    />
                  </AuthProvider>
                </ShellLinksProvider>
              </PopoversProvider>
            </QueryParamsProvider>
          </AppContextProvider>
        </ClientMessages>
      </body>
    </html>
  );
}
