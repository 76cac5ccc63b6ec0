'use client';

import { useEffect, useState } from 'react';
import { useFormatter } from 'next-intl';
import type { AuditEntry } from '@checkout/core/contract';
import { consoleCall } from './console-api';
import { consoleAnswer } from './console-answers';
import { useConsoleText } from './console-text';
import styles from './console.module.css';

export function AuditList() {
  const t = useConsoleText('audit');
  const format = useFormatter();
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    void consoleCall('audit/', { answer: consoleAnswer((s) => s.auditAnswerSchema) }).then((res) =>
      res.ok ? setEntries(res.data.entries) : setFailure(res.code),
    );
  }, []);
  return (
    <>
      <h1>{t('heading')}</h1>
      {failure && (
        <p role="alert" className={styles.error}>
          {t('failed', { code: failure })}
        </p>
      )}
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('when')}</th>
            <th>{t('who')}</th>
            <th>{t('what')}</th>
            <th>{t('subject')}</th>
            <th>{t('address')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                {format.dateTime(new Date(entry.at), { dateStyle: 'medium', timeStyle: 'medium' })}
              </td>
              <td>{entry.staffEmail}</td>
              <td>{entry.action}</td>
              <td>{entry.subject}</td>
              <td>{entry.address}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
