'use client';
/** Marks this browser as a returning buyer (spec §3 buyer type) once a purchase succeeded. */
import { useEffect } from 'react';
import { STORAGE_KEYS, type BuyerType } from '@checkout/core';
import { writeStored } from '../../lib/browser-storage';

const RETURNING: BuyerType = 'returning';

export function RememberBuyer() {
  useEffect(() => writeStored('local', STORAGE_KEYS.buyerType, RETURNING), []);
  return null;
}
