import type { Database } from '../db/database.js';
import { maintenanceEvents } from '../db/schema.js';

export type MaintenanceEventRow = typeof maintenanceEvents.$inferSelect;
export type NewMaintenanceEvent = Omit<typeof maintenanceEvents.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export const MAINTENANCE_CATEGORIES = [
  'electricity',
  'water',
  'heating',
  'gas',
  'elevator',
  'internet',
  'cleaning',
  'other',
] as const;

/**
 * Publishes planned outages: `public` ones for everyone, `tenant_only` ones for the tenants of
 * the building. An end that is not known yet (null) means the outage counts as under way.
 */
export async function publishMaintenanceEvents(
  db: Database,
  events: readonly NewMaintenanceEvent[],
): Promise<MaintenanceEventRow[]> {
  if (events.length === 0) return [];
  return db
    .insert(maintenanceEvents)
    .values([...events])
    .returning();
}
