// @ts-check
/**
 * An integrator's script against a running portal, with the installed @portal/sdk and plain
 * Node.js 24: log in, list the tenants, select one, list its support tickets, report one with an
 * Idempotency-Key (and send it again, as a retry would), attach a file with upload progress,
 * download it, log out.
 *
 *   PORTAL_URL=http://localhost:3000 node integrator.mjs
 *
 * Settings (environment): PORTAL_URL (default http://localhost:3000, the portal that
 * scripts/start.sh starts), PORTAL_EMAIL and PORTAL_PASSWORD (default: the demo tenant user
 * with two tenants), PORTAL_TENANT (a tenant id; default: the first the user may act for).
 * Exits 1 with the BFF's code and Czech message when a call fails.
 */
import { randomUUID } from 'node:crypto';
import { ApiError, createApiClient, fetchList } from '@portal/sdk/client';
import { withCookieJar } from '@portal/sdk/cookie-jar';
import { downloadFile, uploadFiles } from '@portal/sdk/files';

const portal = process.env.PORTAL_URL ?? 'http://localhost:3000';
const email = process.env.PORTAL_EMAIL ?? 'jana.novakova@example.cz';
const password = process.env.PORTAL_PASSWORD ?? 'Heslo123!';

// One cookie jar for the whole run: it carries the BFF's session cookie from call to call.
// The client adds `X-CSRF: 1` to every request and throws an ApiError for every non-2xx answer.
const client = createApiClient({ baseUrl: portal, fetch: withCookieJar() });

try {
  // 1. Log in. Staff accounts answer 202 and need their second factor (POST /api/session/second-factor).
  const login = await client.POST('/api/session', { body: { email, password } });
  if (login.response.status === 202 || !login.data || !('tenants' in login.data)) {
    throw new Error('This account needs its second factor; use a tenant account here.');
  }
  console.log(`Logged in to ${portal} as ${login.data.user.display_name}.`);

  // 2. The tenants the user may act for (also in the log-in answer).
  const { data: tenants = [] } = await client.GET('/api/v1/tenant_access/');
  console.log(`Tenants: ${tenants.map((tenant) => `${tenant.name} (${tenant.id})`).join(', ')}`);
  const tenant = tenants.find((candidate) => candidate.id === (process.env.PORTAL_TENANT ?? candidate.id));
  if (!tenant) throw new Error(`The user may not act for tenant ${process.env.PORTAL_TENANT}.`);

  // 3. Select it: the BFF sends X-Tenant-ID for it on every later call of this session.
  await client.PUT('/api/session/tenant', { body: { tenantId: tenant.id } });
  console.log(`Selected tenant: ${tenant.name}`);

  // 4. The tenant's support tickets, newest first; the total comes from X-Total-Count.
  const { items, total } = await fetchList(client, '/api/v1/support_tickets/', {
    params: { query: { page: 1, page_size: 5, ordering: '-created_at' } },
  });
  console.log(
    `Support tickets: ${total} in all; the newest: ${items.map((ticket) => `#${ticket.id}`).join(', ') || 'none'}.`,
  );

  // 5. Report an incident in one of the tenant's buildings. One Idempotency-Key per submission:
  //    sending it again (a retry after a timeout) answers the same ticket, marked as replayed.
  const { data: buildings = [] } = await client.GET('/api/v1/buildings/');
  const building = buildings[0];
  if (!building) throw new Error(`${tenant.name} rents space in no building.`);
  const idempotencyKey = randomUUID();
  const report = () =>
    client.POST('/api/v1/support_tickets/', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: {
        subject: 'Nesvítí světlo na chodbě',
        description: 'Ve 2. patře nesvítí od včerejška světla na chodbě u výtahu.',
        building: building.id,
        priority: 'standard',
      },
    });
  const created = await report();
  const ticket = created.data;
  if (!ticket) throw new Error('The create answered no ticket.');
  console.log(`Created ticket #${ticket.id} „${ticket.subject}" in ${building.name} (status ${ticket.status}).`);
  const retried = await report();
  console.log(
    `Sent again with the same Idempotency-Key: ticket #${retried.data?.id}, Idempotent-Replayed: ${retried.response.headers.get('Idempotent-Replayed')}.`,
  );

  // 6. Attach a file, with upload progress.
  const text = 'Fotka by byla lepší, ale tohle je zápis z revize osvětlení.\n'.repeat(4000);
  const file = new File([text], 'revize-osvetleni.txt', { type: 'text/plain' });
  let reported = -1;
  const [attachment] = await uploadFiles(client, '/api/v1/support_tickets/{id}/attachments/', {
    params: { path: { id: ticket.id } },
    files: [file],
    onProgress: (fraction) => {
      const percent = Math.round(fraction * 100);
      if (percent >= reported + 25 || (percent === 100 && reported < 100)) {
        console.log(`Uploading ${file.name}: ${(reported = percent)} %`);
      }
    },
  });
  if (!attachment) throw new Error('The upload answered no attachment.');
  console.log(`Attached ${attachment.file_name} (${attachment.size} bytes) as attachment #${attachment.id}.`);

  // 7. Download it again and compare.
  const downloaded = await downloadFile(client, '/api/v1/support_tickets/{id}/attachments/{attachmentId}/', {
    params: { path: { id: ticket.id, attachmentId: attachment.id } },
  });
  const same = (await downloaded.blob.text()) === text;
  console.log(`Downloaded ${downloaded.fileName}: ${downloaded.blob.size} bytes, ${same ? 'identical' : 'DIFFERENT'}.`);
  if (!same) throw new Error('The downloaded file differs from the uploaded one.');

  // 8. Log out: the session ends here and at the upstream; the cookie no longer opens anything.
  await client.DELETE('/api/session');
  const after = await client.GET('/api/v1/support_tickets/').catch((/** @type {unknown} */ error) => error);
  console.log(
    `Logged out; a call now answers ${after instanceof ApiError ? `${after.status} ${after.code}` : 'OK (!)'}.`,
  );
  if (!(after instanceof ApiError && after.status === 401)) throw new Error('The session outlived the log-out.');
} catch (error) {
  // The BFF's errors carry a machine-readable code and a Czech message for people.
  if (error instanceof ApiError) console.error(`Failed: ${error.status} ${error.code}: ${error.message}`);
  else console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
