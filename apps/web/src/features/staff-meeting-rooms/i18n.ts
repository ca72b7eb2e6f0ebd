import { registerNamespace } from '#src/lib/i18n.ts';
import staffMeetingRooms from '#src/locales/cs/staff-meeting-rooms.json';

// The strings ride in the chunk of the staff route module that imports this file.
registerNamespace('staffMeetingRooms', staffMeetingRooms);
