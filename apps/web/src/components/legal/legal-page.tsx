/** A legal page from the catalog: sections are whatever the language's catalog lists. */
import type { Metadata } from 'next';
import { getFormatter, getMessages, getTranslations } from 'next-intl/server';
import { getBrand } from '../../server/brand.server';
import { pageMetadata } from '../../server/metadata.server';
import { LEGAL_EFFECTIVE_DATE, type LegalDocumentKey } from './documents';
import { LegalDocument } from './legal-document';

/** A legal page is titled after its document. */
export async function legalPageMetadata(document: LegalDocumentKey): Promise<Metadata> {
  const t = await getTranslations('legal');
  return pageMetadata(t(`${document}.title`));
}

export async function LegalPage({ document }: { document: LegalDocumentKey }) {
  const [t, format, messages] = await Promise.all([
    getTranslations('legal'),
    getFormatter(),
    getMessages(),
  ]);
  const brand = getBrand();
  // Section keys come from the catalog at run time, which the typed translator cannot know.
  const translate = t as unknown as (key: string, values: Record<string, string>) => string;
  const values = { provider: brand.providerName, company: brand.companyName };
  return (
    <LegalDocument
      title={t(`${document}.title`)}
      updated={t('updated', { date: format.dateTime(LEGAL_EFFECTIVE_DATE, { dateStyle: 'long' }) })}
      tocLabel={t('onThisPage')}
      sections={Object.keys(messages.legal[document].sections).map((key) => ({
        id: key,
        heading: translate(`${document}.sections.${key}.heading`, values),
        body: translate(`${document}.sections.${key}.body`, values),
      }))}
    />
  );
}
