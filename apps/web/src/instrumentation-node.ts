/** A bad configuration stops the web server at start-up with the variable's name. */
import { EnvError } from '@checkout/core';

try {
  await import('./env.server');
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
