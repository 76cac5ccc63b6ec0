'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { useFormatter } from 'next-intl';
import type { ConsoleExperiment, ConsoleExperimentDetail } from '@checkout/core/contract';
import type { VariantResult } from '@checkout/core/experiments';
import { consoleCall } from './console-api';
import { consoleAnswer } from './console-answers';
import { useConsoleText } from './console-text';
import { ExperimentChart } from './experiment-chart';
import styles from './console.module.css';

const movedExperiment = consoleAnswer((s) => s.consoleExperimentSchema);

type Command = 'start' | 'pause' | 'stop';

/** What the buttons offer for a status (the api decides again). */
const COMMANDS: Record<ConsoleExperiment['status'], Command[]> = {
  paused: ['start', 'stop'],
  running: ['pause', 'stop'],
  ended: [],
};

/** One experiment: its state and weights with the changes staff may make, and its results. */
export function ExperimentResults({ id }: { id: string }) {
  const t = useConsoleText('experiments');
  const format = useFormatter();
  const [experiment, setExperiment] = useState<ConsoleExperimentDetail>();
  const [outcome, setOutcome] = useState<{ ok: boolean; code?: string | undefined }>();
  const load = () =>
    consoleCall(`experiments/${id}/`, {
      answer: consoleAnswer((s) => s.consoleExperimentDetailSchema),
    }).then((res) =>
      res.ok ? setExperiment(res.data) : setOutcome({ ok: false, code: res.code }),
    );
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load reads only `id`
  }, [id]);
  const settle = async (res: { ok: boolean; code?: string | undefined }) => {
    setOutcome({ ok: res.ok, code: res.code });
    if (res.ok) await load();
  };
  const command = async (what: Command) =>
    settle(
      await consoleCall(`experiments/${id}/${what}/`, {
        method: 'POST',
        body: {},
        answer: movedExperiment,
      }),
    );
  const reweigh = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const weights = Object.fromEntries(
      (experiment?.variants ?? []).map((v) => [v.value, Number(form.get(v.value))]),
    );
    await settle(
      await consoleCall(`experiments/${id}/weights/`, {
        method: 'PUT',
        body: { weights },
        answer: movedExperiment,
      }),
    );
  };
  const pct = (x: number) => format.number(x, { style: 'percent', maximumFractionDigits: 2 });
  const uplift = (v: VariantResult) => {
    if (!v.enoughData) return t('notEnoughData');
    if (!v.uplift) return t('control');
    return `${pct(v.uplift.absolute)} [${pct(v.uplift.low)}, ${pct(v.uplift.high)}]`;
  };
  if (!experiment) {
    return outcome ? (
      <p role="alert" className={styles.error}>
        {t('failed', { code: outcome.code ?? '' })}
      </p>
    ) : null;
  }
  const results = experiment.results;
  return (
    <>
      <h1>{experiment.id}</h1>
      <p>{experiment.description}</p>
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? styles.notice : styles.error}
        >
          {outcome.ok ? t('done') : t('failed', { code: outcome.code ?? '' })}
        </p>
      )}
      <div className={styles.facts}>
        <span>{t('status')}</span>
        <strong data-testid="experiment-status">{t(`state.${experiment.status}`)}</strong>
      </div>
      <div className={styles.actions}>
        {COMMANDS[experiment.status].map((what) => (
          <button
            key={what}
            type="button"
            className={styles.button}
            onClick={() => void command(what)}
          >
            {t(`command.${what}`)}
          </button>
        ))}
      </div>
      {experiment.status !== 'ended' && (
        <form className={styles.actions} onSubmit={(e) => void reweigh(e)}>
          {experiment.variants.map((v) => (
            <label key={v.value}>
              {t('weightOf', { variant: v.value })}
              <input
                name={v.value}
                type="number"
                min={0}
                max={100}
                defaultValue={v.weight}
                required
              />
            </label>
          ))}
          <button type="submit" className={styles.button}>
            {t('saveWeights')}
          </button>
        </form>
      )}
      <h2>{t('results')}</h2>
      {!results ? (
        <p className={styles.caution}>{t('noExposures')}</p>
      ) : (
        <>
          {results.verdict === 'mismatch' && (
            <p role="alert" className={styles.warning} data-testid="srm-verdict">
              {t('srmMismatch', { p: results.srm.pValue.toExponential(2) })}
            </p>
          )}
          {results.verdict === 'not_enough_data' && (
            <p className={styles.caution} data-testid="srm-verdict">
              {t('srmNotEnough')}
            </p>
          )}
          {results.verdict === 'ok' && (
            <p className={styles.notice} data-testid="srm-verdict">
              {t('srmOk', { p: results.srm.pValue.toFixed(3) })}
            </p>
          )}
          <ExperimentChart variants={results.variants} label={t('chart')} />
          <table className={styles.table}>
            <thead>
              <tr>
                <th>{t('variant')}</th>
                <th>{t('weight')}</th>
                <th>{t('visitors')}</th>
                <th>{t('conversions')}</th>
                <th>{t('rate')}</th>
                <th>{t('uplift')}</th>
              </tr>
            </thead>
            <tbody>
              {results.variants.map((v) => (
                <tr key={v.variant}>
                  <td>{v.variant}</td>
                  <td>{pct(results.weights[v.variant] ?? 0)}</td>
                  <td>{format.number(v.visitors)}</td>
                  <td>{format.number(v.conversions)}</td>
                  <td>
                    {pct(v.rate)} [{pct(v.rateLow)}, {pct(v.rateHigh)}]
                  </td>
                  <td>{uplift(v)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
