'use client';
/** Billing country, and region and postal code where the country's address layout needs them. */
import { useEffect, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { addressLayoutFor, DEFAULT_REGIONS, type RegionList } from '@checkout/core';
import { setAnalyticsContext, track } from '../../analytics/track';
import { useCheckout } from './checkout-provider';
import type { CountryOption } from './country-options';
import styles from './address-fields.module.css';

const REGION_LABEL = { US: 'state', CA: 'province', AE: 'emirate' } as const;

interface AddressFieldsProps {
  locale: string;
  /**
   * The country the checkout starts with, named on the server so that hydration matches; the
   * others are named in the browser once it has hydrated (country-options.ts).
   */
  startCountry: readonly CountryOption[];
  /**
   * The region the checkout starts with, when its country has regions, named on the server so
   * that hydration matches; the whole table (`@checkout/core/regions`) is fetched once the browser
   * has hydrated, or when the shopper picks another country that has regions. The 51 states were
   * about 4 KB of every US answer, as options and again in the flight data.
   */
  startRegion: RegionList;
}

export function AddressFields({ locale, startCountry, startRegion }: AddressFieldsProps) {
  const t = useTranslations('address');
  const tv = useTranslations('validation');
  const { address, save, saving } = useCheckout();
  const [postalCode, setPostalCode] = useState(address.postalCode);
  const [postalError, setPostalError] = useState(false);
  const id = useId();
  const [countries, setCountries] = useState(startCountry);
  const [regionTable, setRegionTable] = useState<Readonly<Record<string, RegionList>>>({});
  const layout = addressLayoutFor(address.country);
  const regions =
    regionTable[address.country] ??
    startRegion.filter(([code]) => code.startsWith(`${address.country}-`));
  const regionsMissing = layout !== 'default' && !regionTable[address.country];
  const regionLabel = REGION_LABEL[address.country as keyof typeof REGION_LABEL] ?? 'state';

  const change = async (patch: {
    country?: string;
    region?: string | null;
    postalCode?: string | null;
  }) => {
    const failure = await save(patch);
    setPostalError(failure?.kind === 'postalCode');
    if (patch.postalCode !== undefined) {
      track('form_update', {
        section: 'order-summary',
        element: 'billing-address',
        context: { form_status: failure ? 'invalid' : 'valid' },
      });
    } else if (!failure) {
      // A region's code names its country too (US-CA); a country without regions stands alone.
      const selected = patch.region ?? patch.country ?? address.country;
      setAnalyticsContext({ taxes: { selected } });
      track('taxes_selected', { section: 'order-summary', element: 'billing-address' });
    }
  };

  useEffect(() => {
    let live = true;
    void import('./country-options').then(({ countryOptions }) => {
      if (live) setCountries(countryOptions(locale));
    });
    return () => {
      live = false;
    };
  }, [locale]);

  useEffect(() => {
    if (!regionsMissing) return;
    let live = true;
    void import('@checkout/core/regions').then(({ REGIONS }) => {
      if (live) setRegionTable(REGIONS);
    });
    return () => {
      live = false;
    };
  }, [regionsMissing]);

  return (
    <div className={styles.fields} data-element="billing-address">
      <div className={styles.field}>
        <label htmlFor={`${id}-country`}>{t('country')}</label>
        <select
          id={`${id}-country`}
          value={address.country}
          disabled={saving}
          autoComplete="country"
          onChange={(e) => {
            const country = e.target.value;
            setPostalCode('');
            void change({
              country,
              region: DEFAULT_REGIONS[country] ?? null,
              postalCode: null,
            });
          }}
        >
          {countries.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {layout !== 'default' ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-region`}>{t(regionLabel)}</label>
          <select
            id={`${id}-region`}
            value={address.region ?? ''}
            disabled={saving}
            autoComplete="address-level1"
            onChange={(e) => void change({ region: e.target.value })}
          >
            {regions.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {layout === 'state_with_postal' ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-postal-code`}>{t('zip')}</label>
          <input
            id={`${id}-postal-code`}
            value={postalCode}
            inputMode="numeric"
            autoComplete="postal-code"
            aria-invalid={postalError || undefined}
            aria-describedby={postalError ? `${id}-postal` : undefined}
            onChange={(e) => setPostalCode(e.target.value)}
            onBlur={() => {
              if (postalCode !== address.postalCode)
                void change({ postalCode: postalCode || null });
            }}
          />
          {postalError ? (
            <span id={`${id}-postal`} role="alert" className={styles.error}>
              {tv('postalCodeInvalid')}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
