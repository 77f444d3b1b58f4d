/** The server's Node.js heap bounds (node-flags.mjs). */
export declare const HEAP_FLAGS: string[];
/** The flags for a server process started with this environment (node-flags.mjs). */
export declare function serverNodeFlags(env?: Record<string, string | undefined>): string[];
