import { registerNamespace } from '#src/lib/i18n.ts';
import meterReadings from '#src/locales/cs/meter-readings.json';

// The 'meterReadings' strings ride in the chunk of the route modules that import this file.
registerNamespace('meterReadings', meterReadings);
