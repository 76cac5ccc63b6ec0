import type { RunMode } from './run-mode.mjs';

export declare class StartError extends Error {}

export interface StartEnvironments {
  webPort: string;
  /** Where the web app forwards /api/*. */
  apiUrl: string;
  /** The api this command starts, where it listens: the readiness check asks it. */
  apiProbe: string;
  api: Record<string, string | undefined>;
  web: Record<string, string | undefined>;
}
export declare function startEnvironments(
  env: Record<string, string | undefined>,
  mode: Pick<RunMode, 'deployEnv' | 'apiNodeEnv'>,
): StartEnvironments;
