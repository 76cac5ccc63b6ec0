'use client';

import type { FormEvent } from 'react';
import { useFormatter } from 'next-intl';
import {
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { consoleAnswer } from './console-answers';
import { consoleCall } from './console-api';
import { useConsoleText } from './console-text';
import { useWebAuthn } from './passkey-support';
import { useConsoleRead } from './use-console-read';
import styles from './console.module.css';

const list = consoleAnswer((s) => s.passkeyListAnswerSchema);
const ceremony = consoleAnswer((s) => s.passkeyOptionsAnswerSchema);
const added = consoleAnswer((s) => s.consolePasskeySchema);

/** The logged-in member's own passkeys: listed, added where the browser offers WebAuthn, removed. */
export function PasskeyList() {
  const t = useConsoleText('passkeys');
  const format = useFormatter();
  const supported = useWebAuthn();
  const { data, outcome, setOutcome, settle } = useConsoleRead(() =>
    consoleCall('passkeys/', { answer: list }),
  );
  const passkeys = data?.passkeys;
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get('name');
    const challenge = await consoleCall('passkeys/options/', {
      method: 'POST',
      body: {},
      answer: ceremony,
    });
    if (!challenge.ok) return settle(challenge);
    const { attempt, options } = challenge.data;
    // The library's own options, checked by their challenge (the contract's ceremony answer).
    const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
    const response = await startRegistration({ optionsJSON }).catch(() => undefined);
    if (!response) return setOutcome({ ok: false, code: 'cancelled' });
    await settle(
      await consoleCall('passkeys/', {
        method: 'POST',
        body: { attempt, name, response },
        answer: added,
      }),
    );
  };
  const when = (at: string) =>
    format.dateTime(new Date(at), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <h1>{t('heading')}</h1>
      <p>{t('intro')}</p>
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? styles.notice : styles.error}
        >
          {outcome.ok ? t('done') : t('failed', { code: outcome.code ?? '' })}
        </p>
      )}
      {supported ? (
        <form className={styles.filters} onSubmit={(event) => void add(event)}>
          <label>
            {t('name')}
            <input name="name" maxLength={60} required />
          </label>
          <button type="submit" className={styles.button}>
            {t('add')}
          </button>
        </form>
      ) : (
        <p>{t('unsupported')}</p>
      )}
      {passkeys && passkeys.length === 0 && <p>{t('empty')}</p>}
      {passkeys && passkeys.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('name')}</th>
              <th>{t('created')}</th>
              <th>{t('lastUsed')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {passkeys.map((passkey) => (
              <tr key={passkey.id} aria-label={passkey.name}>
                <td>{passkey.name}</td>
                <td>{when(passkey.createdAt)}</td>
                <td data-testid="passkey-last-used">
                  {passkey.lastUsedAt ? when(passkey.lastUsedAt) : t('never')}
                </td>
                <td>
                  <button
                    type="button"
                    onClick={() =>
                      void consoleCall(`passkeys/${passkey.id}/`, { method: 'DELETE' }).then(settle)
                    }
                  >
                    {t('remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
