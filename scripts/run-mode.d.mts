export declare const PRODUCTION_DEPLOYS: readonly string[];
export declare class RunModeError extends Error {}
export interface RunMode {
  production: boolean;
  deployEnv: string;
  /** NODE_ENV of the api process. */
  apiNodeEnv: string;
  /** The one line the start script prints first. */
  banner: string;
}
export declare function runMode(env: Record<string, string | undefined>): RunMode;
