'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { useFormatter, useLocale } from 'next-intl';
import { CURRENCIES, formatPrice, type Currency } from '@checkout/core';
import type { CatalogChange, ConsoleCatalog, ConsoleCatalogVersion } from '@checkout/core/contract';
import { consoleCall } from './console-api';
import { consoleAnswer } from './console-answers';
import { useConsoleText } from './console-text';
import styles from './console.module.css';

const version = consoleAnswer((s) => s.consoleCatalogVersionSchema);

type Kind = CatalogChange['kind'];

/** The form's fields as one change; the api checks it (precision, plans) and answers 400 if not. */
function changeOf(form: FormData, kind: Kind): CatalogChange {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  if (kind === 'retire_plan') return { kind, plan: field('plan') };
  if (kind === 'add_plan') {
    const identifier = field('identifier');
    return { kind, identifier, displayTitle: field('displayTitle'), template: field('plan') };
  }
  const from = field('effectiveFrom');
  return {
    kind,
    plan: field('plan'),
    currency: field('currency') as Currency,
    amount: field('amount'),
    effectiveFrom: (from ? new Date(from) : new Date()).toISOString(),
  };
}

/** Plans with their prices in one currency, drafts to preview, publish or discard, the versions. */
export function CatalogEditor() {
  const t = useConsoleText('catalog');
  const lang = useLocale();
  const format = useFormatter();
  const [catalog, setCatalog] = useState<ConsoleCatalog>();
  const [currency, setCurrency] = useState<Currency>('USD');
  const [kind, setKind] = useState<Kind>('price');
  const [outcome, setOutcome] = useState<{ ok: boolean; code?: string | undefined }>();
  // Bumped after each change: the effect reads the catalog again.
  const [reads, setReads] = useState(0);
  useEffect(() => {
    void consoleCall('catalog/', { answer: consoleAnswer((s) => s.consoleCatalogSchema) }).then(
      (res) => (res.ok ? setCatalog(res.data) : setOutcome({ ok: false, code: res.code })),
    );
  }, [reads]);
  const settle = (res: { ok: boolean; code?: string | undefined }) => {
    setOutcome({ ok: res.ok, code: res.code });
    if (res.ok) setReads((n) => n + 1);
  };
  const propose = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const note = form.get('note');
    const body = { note: typeof note === 'string' ? note : '', changes: [changeOf(form, kind)] };
    settle(await consoleCall('catalog/drafts/', { method: 'POST', body, answer: version }));
  };
  const publish = async (draft: ConsoleCatalogVersion) =>
    settle(
      await consoleCall(`catalog/drafts/${draft.id}/publish/`, {
        method: 'POST',
        body: {},
        answer: version,
      }),
    );
  const discard = async (draft: ConsoleCatalogVersion) => {
    if (!window.confirm(t('discardConfirm', { id: draft.id }))) return;
    settle(await consoleCall(`catalog/drafts/${draft.id}/discard/`, { method: 'POST', body: {} }));
  };
  const when = (iso: string | null) =>
    iso ? format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : '';
  return (
    <>
      <h1>{t('heading')}</h1>
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? styles.notice : styles.error}
        >
          {outcome.ok ? t('done') : t('failed', { code: outcome.code ?? '' })}
        </p>
      )}
      {catalog && (
        <>
          <p data-testid="catalog-version">{t('live', { version: catalog.version })}</p>
          <h2>{t('propose')}</h2>
          <form className={styles.filters} onSubmit={(event) => void propose(event)}>
            <label>
              {t('kind')}
              <select value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
                <option value="price">{t('kinds.price')}</option>
                <option value="add_plan">{t('kinds.add_plan')}</option>
                <option value="retire_plan">{t('kinds.retire_plan')}</option>
              </select>
            </label>
            <label>
              {kind === 'add_plan' ? t('template') : t('plan')}
              <select name="plan">
                {catalog.plans
                  .filter((p) => !p.retired)
                  .map((p) => (
                    <option key={p.identifier} value={p.identifier}>
                      {p.identifier}
                    </option>
                  ))}
              </select>
            </label>
            {kind === 'price' && (
              <>
                <label>
                  {t('currency')}
                  <select name="currency" defaultValue={currency}>
                    {CURRENCIES.map((c) => (
                      <option key={c}>{c}</option>
                    ))}
                  </select>
                </label>
                <label>
                  {t('amount')}
                  <input name="amount" required inputMode="decimal" />
                </label>
                <label>
                  {t('effectiveFrom')}
                  <input name="effectiveFrom" type="datetime-local" />
                </label>
              </>
            )}
            {kind === 'add_plan' && (
              <>
                <label>
                  {t('identifier')}
                  <input name="identifier" required />
                </label>
                <label>
                  {t('displayTitle')}
                  <input name="displayTitle" required />
                </label>
              </>
            )}
            <label>
              {t('note')}
              <input name="note" />
            </label>
            <button type="submit" className={styles.button}>
              {t('saveDraft')}
            </button>
          </form>
          <h2>{t('versions')}</h2>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>{t('version')}</th>
                <th>{t('note')}</th>
                <th>{t('changes')}</th>
                <th>{t('by')}</th>
                <th>{t('published')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {catalog.versions.map((v) => (
                <tr key={v.id} data-testid={`catalog-draft-${v.id}`}>
                  <td>{v.version ?? t('draft', { id: v.id })}</td>
                  <td>{v.note}</td>
                  <td>{v.changes.length}</td>
                  <td>{v.publishedBy ?? v.createdBy ?? ''}</td>
                  <td>{when(v.publishedAt)}</td>
                  <td>
                    <div className={styles.rowActions}>
                      {v.previewToken && (
                        <>
                          <a
                            href={`/payment/?catalog_preview=${v.previewToken}&currency=${currency}`}
                          >
                            {t('preview')}
                          </a>
                          <button
                            type="button"
                            className={styles.button}
                            onClick={() => void publish(v)}
                          >
                            {t('publish')}
                          </button>
                          <button type="button" onClick={() => void discard(v)}>
                            {t('discard')}
                          </button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>{t('plans')}</h2>
          <label className={styles.actions}>
            {t('currency')}
            <select value={currency} onChange={(e) => setCurrency(e.target.value as Currency)}>
              {CURRENCIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>{t('plan')}</th>
                <th>{t('displayTitle')}</th>
                <th>{t('price')}</th>
              </tr>
            </thead>
            <tbody>
              {catalog.plans.map((p) => (
                <tr key={p.identifier} data-testid={`catalog-plan-${p.identifier}`}>
                  <td>{p.identifier}</td>
                  <td>{p.retired ? t('retired', { title: p.displayTitle }) : p.displayTitle}</td>
                  <td>
                    {p.prices[currency] === undefined
                      ? ''
                      : formatPrice(p.prices[currency], currency, lang, { precise: true })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
