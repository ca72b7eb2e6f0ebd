import pg from 'pg';

/** What a {@link listenForNotifications} listener tells its owner. */
export interface NotificationHandlers {
  /** A notification arrived on the channel. */
  onNotification: (payload: string) => void;
  /**
   * The listener started (true) or stopped (false) listening. While it does not listen,
   * notifications are missed: its owner must not rely on their absence.
   */
  onListening: (listening: boolean) => void;
  /** The connection failed; the listener connects again by itself. */
  onError: (error: Error) => void;
}

export interface NotificationListener {
  readonly listening: boolean;
  close: () => Promise<void>;
}

export interface ListenOptions {
  /** How often the connection is proven alive with a statement (a dead peer sends no FIN). */
  heartbeatMs?: number;
  /** The first wait before connecting again after a failure; doubled per failure up to 30 s. */
  retryMs?: number;
}

const MAX_RETRY_MS = 30_000;

/** The application name of the listening connections, as pg_stat_activity shows them. */
export const LISTENER_APPLICATION_NAME = 'portal-api-listen';

/**
 * `LISTEN channel` on a connection of its own (a pooled one would be handed to other
 * statements), connecting again after any failure. A heartbeat statement with a timeout
 * notices a connection that died silently, so "listening" is never claimed for long on a
 * connection that no longer delivers.
 */
export function listenForNotifications(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
  { heartbeatMs = 5_000, retryMs = 1_000 }: ListenOptions = {},
): NotificationListener {
  let closed = false;
  let listening = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  // Doubles while connecting fails (an outage logs a few lines, not one a second).
  let delay = retryMs;

  const connect = async () => {
    retry = undefined;
    if (closed) return;
    const client = new pg.Client({
      connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: 10_000,
      query_timeout: Math.max(1_000, heartbeatMs),
      keepAlive: true,
    });
    current = client;
    const timers: { heartbeat?: NodeJS.Timeout } = {};
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      clearInterval(timers.heartbeat);
      if (listening) {
        listening = false;
        handlers.onListening(false);
      }
      if (error !== undefined && !closed) handlers.onError(error);
      client.end().catch(() => undefined);
      if (!closed) {
        retry = setTimeout(() => void connect(), delay).unref();
        delay = Math.min(2 * delay, MAX_RETRY_MS);
      }
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      lose(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (lost) return;
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listening = true;
    delay = retryMs;
    handlers.onListening(true);
    timers.heartbeat = setInterval(() => {
      client
        .query('select 1')
        .catch((error: unknown) => lose(error instanceof Error ? error : new Error(String(error))));
    }, heartbeatMs).unref();
  };
  void connect();

  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      if (listening) {
        listening = false;
        handlers.onListening(false);
      }
      await current?.end().catch(() => undefined);
    },
  };
}
