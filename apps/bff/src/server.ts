import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { flushErrorReports, startErrorReporting } from './observability/error-reporting.js';

/** Builds the BFF from the environment and starts it; everything else lives in app.ts. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Before the app is built, so a failure while building it is reported too.
  await startErrorReporting(config);
  const app = await buildApp({ config });
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await app.close();
    await flushErrorReports();
  });
  await app.listen({ host: config.host, port: config.port });
}

await main();
