import { registerNamespace } from '#src/lib/i18n.ts';
import notifications from '#src/locales/cs/notifications.json';

// The 'notifications' strings ride in the chunk of the route modules that import this file.
registerNamespace('notifications', notifications);
