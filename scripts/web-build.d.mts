export declare const root: string;
export declare const webDir: string;
export declare function newestMtime(target: string): number;
export declare function needsBuild(): boolean;
export declare function runBuild(command: string, args: string[]): Promise<number>;
export declare function buildWebIfNeeded(tag: string): Promise<void>;
