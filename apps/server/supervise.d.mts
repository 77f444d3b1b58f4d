/** The server's exit code for a configuration it refused (supervise.mjs). */
export declare const CONFIG_ERROR_EXIT: 78;
export interface SupervisorSettings {
  maxRestarts: number;
  windowMs: number;
  pgdata: string | undefined;
}
/** RESTART_MAX, RESTART_WINDOW_MINUTES and the embedded database's folder (supervise.mjs). */
export declare function supervisorSettings(
  env?: Record<string, string | undefined>,
  cwd?: string,
): SupervisorSettings;
/** Process ids other than this one holding a file below `dir` open (supervise.mjs). */
export declare function processesUsing(dir: string): number[];
/** Runs the command, restarting it after an abnormal exit; resolves with the exit code to end with. */
export declare function supervise(options: {
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
  maxRestarts?: number;
  windowMs?: number;
  pgdata?: string;
  releaseTimeoutMs?: number;
  log?: (message: string) => void;
}): Promise<number>;
/** `npm start`: the built server `script` under the supervisor; exits with its code (supervise.mjs). */
export declare function superviseServer(script: string): Promise<never>;
