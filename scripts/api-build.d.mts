export declare const apiEntry: string;
export declare function apiNeedsBuild(): boolean;
export declare function buildApi(outfile?: string): Promise<void>;
export declare function buildApiIfNeeded(tag: string): Promise<void>;
