/** The brand in use: the demo brand in config/brand.json unless BRAND_CONFIG names another file. */
import 'server-only';
import { readFileSync } from 'node:fs';
import { cache } from 'react';
import { brandSchema, type Brand } from '@checkout/core';
import demoBrand from '../../../../config/brand.json';
import { env } from '../env.server';

export const getBrand = cache((): Brand => {
  const raw: unknown = env.BRAND_CONFIG
    ? JSON.parse(readFileSync(env.BRAND_CONFIG, 'utf8'))
    : demoBrand;
  return brandSchema.parse(raw);
});
