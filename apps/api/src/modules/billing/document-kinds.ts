/** The two kinds of billing document, each with its own number series (core names them). */
import { BILLING_DOCUMENT_KINDS } from '@checkout/core/contract';

export const DOCUMENT_KINDS = BILLING_DOCUMENT_KINDS;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
