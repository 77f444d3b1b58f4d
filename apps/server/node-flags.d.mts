/** The server's Node.js heap bounds (node-flags.mjs). */
export declare const HEAP_FLAGS: string[];
/** The flags for a server process started with this environment (node-flags.mjs). */
export declare function serverNodeFlags(env?: Record<string, string | undefined>): string[];
/** glibc allocator settings of the server process (node-flags.mjs). */
export declare const MALLOC_ENV: Record<string, string>;
/** The environment of a server process started from `env` (node-flags.mjs). */
export declare function serverEnv(
  env?: Record<string, string | undefined>,
): Record<string, string | undefined>;
