import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../../../messages/de.json';
import { usePeriodName } from './period-name';

function Periods() {
  const periodName = usePeriodName();
  return createElement(
    'p',
    null,
    [periodName({ interval: 2, unit: 'Year' }), periodName({ interval: 1, unit: 'Month' })].join(
      ', ',
    ),
  );
}

/** One server render as a request makes it: a provider of its own around the component. */
const render = () =>
  renderToString(
    createElement(NextIntlClientProvider, {
      locale: 'de',
      messages: de,
      timeZone: 'UTC',
      children: createElement(Periods),
    }),
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe('period names', () => {
  it('names the periods in the shopper’s language', () => {
    expect(render()).toContain('2 Jahre, 1 Monat');
  });

  it('formats each name once for the process, not again for every request', () => {
    render();
    const made = vi.spyOn(Intl, 'PluralRules');
    expect(render()).toContain('2 Jahre, 1 Monat');
    expect(made).not.toHaveBeenCalled();
  });
});
