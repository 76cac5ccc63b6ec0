/** The legal documents (catalog namespaces under `legal`) and when they took effect. */
export type LegalDocumentKey =
  'cookiePolicy' | 'termsOfService' | 'subscriptionTerms' | 'pricing' | 'privacyPolicy';

export const LEGAL_EFFECTIVE_DATE = new Date('2026-11-01T00:00:00Z');
