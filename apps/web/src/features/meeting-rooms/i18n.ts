import { registerNamespace } from '#src/lib/i18n.ts';
import meetingRooms from '#src/locales/cs/meeting-rooms.json';

// The 'meetingRooms' strings ride in the chunk of the route modules that import this file.
registerNamespace('meetingRooms', meetingRooms);
