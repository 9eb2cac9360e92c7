// Types of scripts/server-process.mjs, for the benchmark scripts and the server tests written in TypeScript.
export declare const serverNodeArgs: string[];
export declare const serverEnv: Record<string, string>;
