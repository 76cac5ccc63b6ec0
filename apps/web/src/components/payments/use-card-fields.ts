'use client';
/**
 * The gateway's card fields, framed on the checkout. The card never enters this page: the frame
 * posts it straight to the gateway, and answers our "tokenize" with a token or with the card
 * messages it shows in place. The checkout tells the frame which card form to show (fields per
 * provider, country and expiry layout) and its text. Messages are accepted only from that frame
 * and the gateway's origin, and checked against the shared schema.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import {
  CARD_TOKENIZE,
  type CardErrorCode,
  type CardFieldName,
  type CardFieldsText,
  type CardForm,
  type CardFrameMessage,
} from '@checkout/core';
import { useAppContext } from '../../context/app-context';
import { base64url } from '../../lib/base64url';
import { frameSchemas } from './frame-messages';

export type TokenResult = Extract<CardFrameMessage, { type: 'token' | 'invalid' | 'failed' }>;

/** How long the gateway may take to answer before the checkout calls the attempt failed. */
const TOKENIZE_TIMEOUT_MS = 20_000;

/** The spec §5 card messages, by the gateway's codes, in the shopper's language. */
const MESSAGE_KEYS: Readonly<Record<CardErrorCode, string>> = {
  firstNameEmpty: 'firstNameEmpty',
  lastNameEmpty: 'lastNameEmpty',
  fullNameEmpty: 'fullNameEmpty',
  cardInvalid: 'cardInvalid',
  expiryYearEmpty: 'expiryYearEmpty',
  expiryYearInvalid: 'expiryYearInvalid',
  expiryMonthEmpty: 'expiryMonthEmpty',
  expiryMonthInvalid: 'expiryMonthInvalid',
  passwordEmpty: 'cardPasswordEmpty',
  passwordInvalid: 'cardPasswordInvalid',
  postalCodeEmpty: 'postalCodeEmpty',
  postalCodeInvalid: 'postalCodeInvalid',
  numberEmpty: 'cardNumberEmpty',
  numberInvalid: 'cardNumberInvalid',
  expiryEmpty: 'expiryEmpty',
  expiryInvalid: 'expiryInvalid',
  expiryPassed: 'expiryPassed',
  expiryTooFar: 'expiryTooFar',
  cvcEmpty: 'cvvEmpty',
  cvcInvalid: 'cvvInvalid',
  nameEmpty: 'cardholderEmpty',
  nameInvalid: 'cardholderInvalid',
};

/** The card field labels, by their keys in the paymentMethods messages. */
const LABEL_KEYS: Readonly<Record<Exclude<CardFieldName, 'postalCode'>, string>> = {
  number: 'cardNumber',
  expiry: 'cardExpiry',
  expiryMonth: 'cardExpiryMonth',
  expiryYear: 'cardExpiryYear',
  cvc: 'cardCvc',
  password: 'cardPassword',
  name: 'cardName',
  firstName: 'cardFirstName',
  lastName: 'cardLastName',
  fullName: 'cardFullName',
};

/** The frame's words, language and direction: the page's own. */
function useFieldsText(): CardFieldsText {
  const t = useTranslations('paymentMethods');
  const tAddress = useTranslations('address');
  const tValidation = useTranslations('validation');
  const { language } = useAppContext();
  return {
    lang: language.localeCode,
    dir: language.rtl ? 'rtl' : 'ltr',
    labels: {
      ...(Object.fromEntries(
        Object.entries(LABEL_KEYS).map(([field, key]) => [field, t(key as 'cardNumber')]),
      ) as Omit<CardFieldsText['labels'], 'postalCode'>),
      postalCode: tAddress('postalCode'),
    },
    messages: Object.fromEntries(
      Object.entries(MESSAGE_KEYS).map(([code, key]) => [code, tValidation(key as 'cvvEmpty')]),
    ) as CardFieldsText['messages'],
  };
}

export function useCardFields(fieldsUrl: string, form: CardForm, onSubmit: () => void) {
  const text = useFieldsText();
  const frame = useRef<HTMLIFrameElement>(null);
  const pending = useRef<((result: TokenResult) => void) | null>(null);
  const submit = useRef(onSubmit);
  const [ready, setReady] = useState(false);
  const [height, setHeight] = useState<number | null>(null);
  const textKey = JSON.stringify(text);
  const formKey = JSON.stringify(form);
  // Rendered only in the browser (the payment methods load after hydration).
  const { src, gatewayOrigin } = useMemo(() => {
    const url = new URL(fieldsUrl, window.location.href);
    url.searchParams.set('origin', window.location.origin);
    url.searchParams.set('text', base64url(textKey));
    url.searchParams.set('form', base64url(formKey));
    return { src: url.toString(), gatewayOrigin: url.origin };
  }, [fieldsUrl, textKey, formKey]);

  useEffect(() => {
    submit.current = onSubmit;
  }, [onSubmit]);

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== gatewayOrigin) return;
      void frameSchemas().then(({ cardFrameMessageSchema }) => {
        const parsed = cardFrameMessageSchema.safeParse(event.data);
        if (!parsed.success || !listening) return;
        const message = parsed.data;
        if (message.type === 'ready') setReady(true);
        else if (message.type === 'height') setHeight(message.height);
        else if (message.type === 'submit') submit.current();
        else {
          pending.current?.(message);
          pending.current = null;
        }
      });
    };
    let listening = true;
    window.addEventListener('message', listen);
    return () => {
      listening = false;
      window.removeEventListener('message', listen);
    };
  }, [gatewayOrigin]);

  const tokenize = useCallback(
    () =>
      new Promise<TokenResult>((resolve) => {
        const target = frame.current?.contentWindow;
        if (!target) {
          resolve({ source: 'card-fields', type: 'failed' });
          return;
        }
        const timer = window.setTimeout(() => {
          pending.current = null;
          resolve({ source: 'card-fields', type: 'failed' });
        }, TOKENIZE_TIMEOUT_MS);
        pending.current = (result) => {
          window.clearTimeout(timer);
          resolve(result);
        };
        target.postMessage(CARD_TOKENIZE, gatewayOrigin);
      }),
    [gatewayOrigin],
  );

  return { frame, src, ready, height, tokenize };
}
