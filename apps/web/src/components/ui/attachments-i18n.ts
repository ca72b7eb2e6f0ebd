import { registerNamespace } from '#src/lib/i18n.ts';
import attachments from '#src/locales/cs/attachments.json';

// The attachment lists', the viewer's and the file checks' strings ride in the chunks of the
// pages that list or upload files, not in the entry bundle.
registerNamespace('attachments', attachments);
