import fp from 'fastify-plugin';

/**
 * Graceful close: while the app closes, every answer carries `Connection: close`, so keep-alive
 * clients (nginx) reconnect, to another instance, and the server does not wait out their idle
 * connections before it can exit. Requests still arriving on such a connection are served
 * (`return503OnClosing: false`, http/server-options.ts).
 * @see {@link https://fastify.dev/docs/latest/Reference/Hooks/#preclose}
 */
export const closingPlugin = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    // A callback hook, as the BFF's other per-request hooks are: an async hook costs a promise
    // and a microtask turn on every request.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'closing' },
);
