// Types of scripts/server-process.mjs, for the benchmark scripts written in TypeScript.
export declare const serverNodeArgs: string[];
export declare const serverEnv: Record<string, string>;
