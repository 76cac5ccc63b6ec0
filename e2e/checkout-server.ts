/**
 * The suite's checkout (playwright.config.ts): `npm start`'s own script with what every checkout
 * of the suite starts with (own-checkout.ts: the migrated database template, the compile cache).
 */
import { suiteCheckoutEnv } from './own-checkout';

Object.assign(process.env, await suiteCheckoutEnv());
await import('../scripts/start.mjs');
