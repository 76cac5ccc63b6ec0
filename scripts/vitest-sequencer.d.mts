import { BaseSequencer } from 'vitest/node';
export declare const startFirst: string[];
export declare const root: string;
export declare function withFirst<T extends { moduleId: string }>(files: T[], first: string[]): T[];
export declare class LongFirstSequencer extends BaseSequencer {}
