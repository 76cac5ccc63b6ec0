/** Imports as madge reads them: each file (repository-relative) and the files it imports. */
export type ImportGraph = Record<string, string[]>;
export declare const ONLY_IMPORTER: Readonly<Record<string, readonly string[]>>;
export declare const ONLY_DEPENDS_ON: Readonly<Record<string, readonly string[]>>;
export declare function moduleOf(file: string): string | undefined;
export declare function importGraph(): Promise<{ graph: ImportGraph; fileCycles: string[][] }>;
export declare function moduleCycles(graph: ImportGraph): string[][];
export declare function forbiddenImports(graph: ImportGraph): string[];
export declare const ROOTS: readonly string[];
export declare function unusedByProduct(graph: ImportGraph): string[];
export declare const APP_REACH: Readonly<Record<string, readonly string[]>>;
export declare function crossAppImports(files: Record<string, string>): string[];
export declare function appSources(): Promise<Record<string, string>>;
