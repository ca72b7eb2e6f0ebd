import type { OwnVersions } from '#src/components/forms/use-base-version.ts';
import type { VersionedTicket } from '../api/staff-incident-queries.ts';

/**
 * What a form that changes the ticket gets from the detail page: the version on screen, the
 * versions this page saved itself (not a colleague's), and where a change refused as made on an
 * old version (412) goes, with the server's message.
 */
export interface TicketChangeFormProps {
  live: VersionedTicket;
  own: OwnVersions;
  onStale: (message: string) => void;
}
