'use client';

import { useState, type FormEvent } from 'react';
import type { StaffRole } from '@checkout/core/contract';
import { consoleCall } from './console-api';
import { consoleAnswer } from './console-answers';
import { useConsoleText } from './console-text';
import { useConsoleRead } from './use-console-read';
import styles from './console.module.css';

/** Admins only (the api answers 403 to the rest): staff, their roles, add, change, disable. */
export function StaffList({ roles }: { roles: readonly StaffRole[] }) {
  const t = useConsoleText('staff');
  const [link, setLink] = useState<string>();
  const { data, outcome, settle } = useConsoleRead(() =>
    consoleCall('staff/', { answer: consoleAnswer((s) => s.staffListAnswerSchema) }),
  );
  const staff = data?.staff;
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const res = await consoleCall('staff/', {
      method: 'POST',
      answer: consoleAnswer((s) => s.staffAddAnswerSchema),
      body: { email: form.get('email'), role: form.get('role') },
    });
    setLink(res.data?.enrolmentUrl);
    await settle(res);
  };
  const roleSelect = (name: string, value: StaffRole, onChange?: (role: StaffRole) => void) => (
    <select
      name={name}
      aria-label={t('role')}
      defaultValue={value}
      onChange={onChange && ((event) => onChange(event.target.value as StaffRole))}
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
    </select>
  );
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
      {/* POST: submitted before the page hydrates, the browser would put the e-mail in the URL. */}
      <form className={styles.filters} method="post" onSubmit={(event) => void add(event)}>
        <label>
          {t('email')}
          <input name="email" type="email" required />
        </label>
        <label>
          {t('role')}
          {roleSelect('role', 'support')}
        </label>
        <button type="submit" className={styles.button}>
          {t('add')}
        </button>
      </form>
      {link && (
        <p>
          {t('link')} <code data-testid="enrolment-link">{link}</code>
        </p>
      )}
      {staff && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('email')}</th>
              <th>{t('role')}</th>
              <th>{t('state')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => (
              <tr key={`${member.id}-${member.role}`} aria-label={member.email}>
                <td>{member.email}</td>
                <td>
                  {roleSelect(
                    `role-${member.id}`,
                    member.role,
                    (role) =>
                      void consoleCall(`staff/${member.id}/role/`, {
                        method: 'POST',
                        answer: consoleAnswer((s) => s.staffRoleAnswerSchema),
                        body: { role },
                      }).then(settle),
                  )}
                </td>
                <td>
                  {t(member.disabled ? 'disabled' : member.enrolled ? 'enrolled' : 'invited')}
                </td>
                <td>
                  {!member.disabled && (
                    <button
                      type="button"
                      onClick={() =>
                        void consoleCall(`staff/${member.id}/disable/`, {
                          method: 'POST',
                          answer: consoleAnswer((s) => s.staffDisableAnswerSchema),
                          body: {},
                        }).then(settle)
                      }
                    >
                      {t('disable')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
