// A local SMTP server that accepts every message and writes it to a folder as an .eml file:
// the mail server of the production set on this machine (scripts/production.sh), so the API
// sends real SMTP and the tests read what a user would receive.
//   node e2e/production/mail-sink.mjs --port 2725 --dir /path/to/mail
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';

const { values } = parseArgs({
  options: { port: { type: 'string' }, dir: { type: 'string' }, host: { type: 'string' } },
});
if (!values.port || !values.dir) {
  console.error('usage: mail-sink.mjs --port N --dir DIR [--host 127.0.0.1]');
  process.exit(2);
}
mkdirSync(values.dir, { recursive: true });
let received = 0;

const server = new SMTPServer({
  // Local only and without credentials: nothing to protect with TLS or a login here.
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  size: 10 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      const name = `${Date.now()}-${String(received).padStart(4, '0')}.eml`;
      writeFileSync(join(values.dir, name), Buffer.concat(chunks));
      console.log(
        JSON.stringify({
          time: new Date().toISOString(),
          msg: 'mail received',
          file: name,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        }),
      );
      callback();
    });
  },
});
server.on('error', (error) => console.error(JSON.stringify({ msg: 'smtp error', err: error.message })));
server.listen(Number(values.port), values.host ?? '127.0.0.1', () => {
  console.log(
    JSON.stringify({
      time: new Date().toISOString(),
      msg: 'mail sink listening',
      port: Number(values.port),
      dir: values.dir,
    }),
  );
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
