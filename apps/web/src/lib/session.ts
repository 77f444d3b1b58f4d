import type { QueryClient } from '@tanstack/react-query';
import { ApiError, FAILURE_MESSAGES } from './api-client';
import { isSigningOut, userQueryKey } from './auth';

/** What the sign-in page says to someone whose session ended under them. */
export const SESSION_ENDED_MESSAGE = FAILURE_MESSAGES.signedOut;

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Calls `listener` each time an API call finds the session gone (the router's watcher sends the
 * user to /login). Returns the unsubscribe.
 */
export function onSessionEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether `err` is a 401 that means the session is gone (not one a call marked OWN_401 expects). */
export function endsSession(err: unknown, meta: Record<string, unknown> | undefined): boolean {
  return err instanceof ApiError && err.status === 401 && meta?.own401 !== true;
}

/**
 * The session is gone (expired, signed out elsewhere, the account closed): the watcher navigates
 * first (so no signed-in screen redirects on its own meanwhile), then the cached user becomes
 * signed out and every other cached answer, which was the signed-in user's, is dropped.
 */
export function sessionEnded(queryClient: QueryClient): void {
  // While the user signs out, the 401s of calls still in flight are the sign-out itself.
  if (isSigningOut()) return;
  // A visitor who was not signed in (no user cached: signed out, or the probe not answered yet) has
  // no session to end: the route guards send them to plain /login, never 'Your session has ended'.
  if (!queryClient.getQueryData(userQueryKey)) return;
  for (const listener of listeners) listener();
  queryClient.setQueryData(userQueryKey, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userQueryKey[0] });
}

/**
 * The path to return to after signing in again, taken from `/login?returnTo=…`: only a path of
 * this site (one leading slash), never another origin.
 */
export function safeReturnPath(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** The sign-in page's location state after a session ended under the user. */
export interface SessionEndedState {
  sessionEnded: true;
}

export const isSessionEndedState = (state: unknown): state is SessionEndedState =>
  typeof state === 'object' && state !== null && (state as { sessionEnded?: unknown }).sessionEnded === true;

/** /login with the page to come back to. */
export const loginPathFor = (returnTo: string) => `/login?returnTo=${encodeURIComponent(returnTo)}`;
