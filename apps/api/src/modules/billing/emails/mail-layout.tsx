/* The api runs under tsx from the repository root, whose tsconfig does not cover apps/: the
   pragma keeps the automatic JSX runtime there too. @jsxRuntime automatic @jsxImportSource react */
/** The frame every billing e-mail shares: language and direction, a heading, a call to action. */
import type { ReactNode } from 'react';
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Text,
} from '@react-email/components';
import { languageOf } from '@checkout/core';

export interface MailLayoutProps {
  locale: string;
  preview: string;
  heading: string;
  children: ReactNode;
  action?: { label: string; href: string } | undefined;
  footer?: string | undefined;
}

const styles = {
  body: {
    backgroundColor: '#f4f4f5',
    fontFamily: 'system-ui, -apple-system, Segoe UI, sans-serif',
  },
  container: {
    backgroundColor: '#ffffff',
    margin: '24px auto',
    padding: '32px',
    maxWidth: '560px',
  },
  heading: { fontSize: '22px', color: '#18181b', margin: '0 0 16px' },
  button: {
    backgroundColor: '#1d4ed8',
    color: '#ffffff',
    padding: '12px 20px',
    borderRadius: '6px',
    textDecoration: 'none',
  },
  footer: { color: '#71717a', fontSize: '12px' },
} as const;

export function MailLayout({
  locale,
  preview,
  heading,
  children,
  action,
  footer,
}: MailLayoutProps) {
  const language = languageOf(locale);
  return (
    <Html lang={language.localeCode} dir={language.rtl ? 'rtl' : 'ltr'}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading style={styles.heading}>{heading}</Heading>
          {children}
          {action ? (
            <Button href={action.href} style={styles.button}>
              {action.label}
            </Button>
          ) : null}
          {footer ? (
            <>
              <Hr />
              <Text style={styles.footer}>{footer}</Text>
            </>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
