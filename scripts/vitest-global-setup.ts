/**
 * Runs once before Vitest's workers start: makes the migrated PGlite template that the api's
 * test databases load (apps/api/src/db/test-template.ts), so that no two workers make it at once.
 */
import { ensureTemplate } from '../apps/api/src/db/test-template';

export default async function setup(): Promise<void> {
  await ensureTemplate();
}
