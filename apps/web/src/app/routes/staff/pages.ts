import type { RouteModule } from '../route-module.ts';

/**
 * The staff pages' modules, one hop away from the route tree. The tree is in the entry every
 * user loads; holding the eight staff imports (each with its list of chunks to preload) there
 * made every tenant's and visitor's first load pay for the staff area. Now the tree holds one
 * import of this small module, which only staff ever fetch; each page is still a chunk of its
 * own, loaded when its route is.
 */
export const staffPages = {
  overview: () => import('./overview.tsx'),
  incidents: () => import('./incidents.tsx'),
  incident: () => import('./incident.tsx'),
  publicRequests: () => import('./public-requests.tsx'),
  publicRequest: () => import('./public-request.tsx'),
  outages: () => import('./outages.tsx'),
  billing: () => import('./billing.tsx'),
  meetingRooms: () => import('./meeting-rooms.tsx'),
} satisfies Record<string, () => Promise<RouteModule>>;

export type StaffPage = keyof typeof staffPages;
