/** The account's invoices and credit notes, each downloadable as a PDF (bound to the account). */
import { getLocale, getTranslations } from 'next-intl/server';
import { billingDocumentPdfPath, billingDocumentsSchema } from '@checkout/core/contract';
import { formatPrice, isCurrency } from '@checkout/core';
import { apiGet } from '../../../server/api.server';
import styles from './dashboard.module.css';

export async function InvoicesSection() {
  const [t, tDashboard, locale, view] = await Promise.all([
    getTranslations('billing'),
    getTranslations('dashboard'),
    getLocale(),
    apiGet('/api/users/current/invoices/', billingDocumentsSchema),
  ]);
  const documents = view?.documents ?? [];
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <section className="card" aria-labelledby="invoices-title" data-section="invoices">
      <h2 id="invoices-title">{t('invoices')}</h2>
      {documents.length === 0 ? (
        <p>{t('noInvoices')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{tDashboard('date')}</th>
              <th scope="col">{t('number')}</th>
              <th scope="col">{t('seller')}</th>
              <th scope="col">{tDashboard('amount')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('download')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {documents.map((d) => (
              <tr key={d.id} data-kind={d.kind}>
                <td data-label={tDashboard('date')}>{date.format(new Date(d.issuedAt))}</td>
                <th scope="row" data-label={t('number')}>
                  {t(`kind.${d.kind}`)}{' '}
                  <span className={styles.mono} dir="ltr">
                    {d.number}
                  </span>
                </th>
                <td data-label={t('seller')}>{d.seller}</td>
                <td data-label={tDashboard('amount')}>
                  {isCurrency(d.currency)
                    ? formatPrice(
                        d.kind === 'credit_note' ? -d.totalMinor : d.totalMinor,
                        d.currency,
                        locale,
                      )
                    : d.totalMinor}
                </td>
                <td>
                  {/* A plain link: the browser downloads from the api with the account's cookie. */}
                  <a
                    href={billingDocumentPdfPath(d.id)}
                    download={`${d.number}.pdf`}
                    aria-label={t('downloadNamed', { number: d.number })}
                  >
                    {t('download')}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
