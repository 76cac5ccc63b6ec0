/** The brand in use: the demo brand in config/brand.json unless BRAND_CONFIG names another file. */
import 'server-only';
import { readFileSync } from 'node:fs';
import { brandSchema, type Brand } from '@checkout/core';
import demoBrand from '../../../../config/brand.json';
import { env } from '../env.server';

let brand: Brand | undefined;

/**
 * Read and validated once per process: the file is configuration, fixed at start-up like the
 * environment, and validating it on every request showed in the server's CPU profile.
 */
export function getBrand(): Brand {
  brand ??= brandSchema.parse(
    env.BRAND_CONFIG ? JSON.parse(readFileSync(env.BRAND_CONFIG, 'utf8')) : demoBrand,
  );
  return brand;
}
