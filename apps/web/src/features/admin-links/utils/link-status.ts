import type { AdminWhiteLabelLink } from '@villas/shared';

export type LinkStatus = 'Active' | 'Expired' | 'Inactive';

/** What a client would meet: switched off, past its expiry, or live. */
export function linkStatus(
  link: Pick<AdminWhiteLabelLink, 'isActive' | 'expiresAt'>,
  now = Date.now(),
): LinkStatus {
  if (!link.isActive) return 'Inactive';
  if (link.expiresAt && new Date(link.expiresAt).getTime() <= now) return 'Expired';
  return 'Active';
}

/** The name and e-mail the link shows, falling back to the agent's account. */
export const agentOf = (link: AdminWhiteLabelLink) => ({
  name: link.agentName || link.agentFullName,
  email: link.agentEmail || link.agentAccountEmail,
});

/** The absolute address a client opens. */
export const absoluteLinkUrl = (path: string) => new URL(path, window.location.origin).href;
