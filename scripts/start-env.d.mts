import type { RunMode } from './run-mode.mjs';

export interface StartEnvironments {
  webPort: string;
  /** Where the api answers: its readiness check, and where the web app forwards /api/*. */
  apiUrl: string;
  api: Record<string, string | undefined>;
  web: Record<string, string | undefined>;
}
export declare function startEnvironments(
  env: Record<string, string | undefined>,
  mode: Pick<RunMode, 'deployEnv' | 'apiNodeEnv'>,
): StartEnvironments;
