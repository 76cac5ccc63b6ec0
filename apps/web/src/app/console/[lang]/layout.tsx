import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { isConsoleLanguage } from '../console-languages';
import { ConsoleBar } from '../console-bar';
import styles from '../console.module.css';
import '../../../styles/globals.css';

export const metadata: Metadata = {
  title: 'Console',
  robots: { index: false, follow: false },
};

/**
 * The operators' console: its own document, without the storefront's shell, analytics or
 * telemetry scripts, in English or German (docs/decisions/009-operators-console.md).
 */
export default async function ConsoleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ lang: string }>;
}) {
  const { lang } = await params;
  if (!isConsoleLanguage(lang)) notFound();
  const messages = (
    (await import(`../../../../messages/console/${lang}.json`)) as {
      default: Record<string, unknown>;
    }
  ).default;
  return (
    <html lang={lang}>
      <body>
        <NextIntlClientProvider locale={lang} messages={messages} timeZone="UTC">
          <div className={styles.shell}>
            <ConsoleBar />
            <main id="main">{children}</main>
          </div>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
