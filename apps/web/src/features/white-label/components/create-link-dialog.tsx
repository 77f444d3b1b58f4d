import type { SearchFilters } from '@villas/shared';

export interface CreateLinkDialogProps {
  /** The signed-in agent. */
  agentId: number;
  /** Ids of the properties selected on the dashboard. */
  selectedIds: number[];
  /** The current search filters, stored with the link. */
  searchFilters: SearchFilters;
  /** Called after the link was created (the dashboard clears its selection). */
  onCreated: () => void;
}

/** 'Create White-label Link' dialog: implemented by the white-label work. */
export function CreateLinkDialog(_props: CreateLinkDialogProps) {
  return null;
}
