'use client';

import { useEffect, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useLocale } from 'next-intl';
import type { ConsoleExperiment } from '@checkout/core/contract';
import { consoleCall } from './console-api';
import { consoleAnswer } from './console-answers';
import { useConsoleText } from './console-text';
import styles from './console.module.css';

/** `control:50, test:50` → the variants of a new experiment (the api checks the sum). */
function parseVariants(text: string) {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [value = '', weight = ''] = part.split(':').map((s) => s.trim());
      return { value, weight: Number(weight) };
    });
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** `DE, at` → ['DE', 'at'] (the api checks and case-folds the codes). */
const codes = (text: string) => text.split(/[\s,]+/).filter(Boolean);

export function ExperimentList() {
  const t = useConsoleText('experiments');
  const lang = useLocale();
  const [experiments, setExperiments] = useState<ConsoleExperiment[]>([]);
  const [outcome, setOutcome] = useState<{ ok: boolean; code?: string | undefined }>();
  const load = () =>
    consoleCall('experiments/', {
      answer: consoleAnswer((s) => s.experimentListAnswerSchema),
    }).then((res) => (res.ok ? setExperiments(res.data?.experiments ?? []) : setOutcome(res)));
  useEffect(() => {
    void load();
  }, []);
  /** `50 % · DE, AT · de`: the share it takes and whom it targets. */
  const audience = (e: ConsoleExperiment) => {
    const whom = e.targeting
      ? [e.targeting.countries.join(', '), e.targeting.languages.join(', ')].filter(Boolean)
      : [t('customRules')];
    return [`${Math.round(e.allocation * 100)} %`, ...(whom.length ? whom : [t('everyone')])].join(
      ' · ',
    );
  };
  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const res = await consoleCall('experiments/', {
      method: 'POST',
      answer: consoleAnswer((s) => s.consoleExperimentSchema),
      body: {
        id: field(form, 'id').trim(),
        description: field(form, 'description'),
        variants: parseVariants(field(form, 'variants')),
        allocation: Number(field(form, 'allocation')) / 100,
        targeting: {
          countries: codes(field(form, 'countries')),
          languages: codes(field(form, 'languages')),
        },
      },
    });
    setOutcome({ ok: res.ok, code: res.code });
    if (res.ok) await load();
  };
  return (
    <>
      <h1>{t('heading')}</h1>
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? styles.notice : styles.error}
        >
          {outcome.ok ? t('created') : t('failed', { code: outcome.code ?? '' })}
        </p>
      )}
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('id')}</th>
            <th>{t('status')}</th>
            <th>{t('weights')}</th>
            <th>{t('audience')}</th>
            <th>{t('description')}</th>
          </tr>
        </thead>
        <tbody>
          {experiments.map((e) => (
            <tr key={e.id}>
              <td>
                <Link href={`/console/${lang}/experiments/${e.id}/`}>{e.id}</Link>
              </td>
              <td>{t(`state.${e.status}`)}</td>
              <td>{e.variants.map((v) => `${v.value} ${v.weight}`).join(' · ')}</td>
              <td>{audience(e)}</td>
              <td>{e.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('create')}</h2>
      <form className={styles.form} onSubmit={(e) => void create(e)}>
        <label>
          {t('id')}
          <input name="id" required pattern="[a-z0-9][a-z0-9\-]*" />
        </label>
        <label>
          {t('description')}
          <input name="description" />
        </label>
        <label>
          {t('variants')}
          <input name="variants" required defaultValue="control:50, test:50" />
        </label>
        <label>
          {t('allocation')}
          <input name="allocation" type="number" min={1} max={100} required defaultValue={100} />
        </label>
        <label>
          {t('countries')}
          <input name="countries" />
        </label>
        <label>
          {t('languages')}
          <input name="languages" />
        </label>
        <button type="submit" className={styles.button}>
          {t('createSubmit')}
        </button>
      </form>
    </>
  );
}
