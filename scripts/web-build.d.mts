export declare const root: string;
export declare const webDir: string;
export declare function newestMtime(target: string): number;
export declare function needsBuild(): boolean;
export declare function buildWebIfNeeded(tag: string): void;
