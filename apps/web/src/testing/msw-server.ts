import { setupServer } from 'msw/node';

/** One MSW server for the test run; tests install their backend with `server.use(...)`. */
export const server = setupServer();
