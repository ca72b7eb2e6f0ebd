import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP sink received it. */
export interface ReceivedMail {
  /** The envelope sender (MAIL FROM). */
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  stop(): Promise<void>;
}

export interface SmtpSinkOptions {
  /**
   * Answers the first this many messages with a temporary error (451) after reading them whole:
   * the relay got the mail but the sender cannot know – it must try again.
   */
  refuseFirst?: number;
}

/**
 * A local SMTP server (smtp-server) on 127.0.0.1:`port` (0: any free one) that records every
 * message in `received`. Used by the mailer and job tests and the mail fault script to stand in
 * for the operator's mail relay (a plain development relay: no TLS upgrade, no login), and to be
 * stopped and started again.
 */
export async function startSmtpSink(
  received: ReceivedMail[],
  port = 0,
  options: SmtpSinkOptions = {},
): Promise<SmtpSink> {
  let refusals = options.refuseFirst ?? 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        if (refusals > 0) {
          refusals -= 1;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (yet): where a sink will start later. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Polls `condition` every 50 ms until it holds; throws after `timeoutMs`. */
export async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The `Message-ID` of a raw message (a mail sent twice carries the same one). */
export function messageIdOf(raw: string): string | undefined {
  return /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];
}
