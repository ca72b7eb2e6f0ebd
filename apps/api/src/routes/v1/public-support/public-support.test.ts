import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServerOptions } from '../../../app.js';
import { publicSupportAttachments } from '../../../db/schema.js';
import { testConfig } from '../../../testing/test-config.js';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app.js';
import { readOutbox, waitForMail } from '../../../testing/outbox.js';
import { DATABASE_DRIVERS } from '../../../testing/scratch-database.js';
import { request } from '../../../testing/test-client.js';
import { runCommand } from '../../../cli/portal-admin.js';
import { assertMatchesContract } from '../../../testing/contract.js';

const URL = '/api/v1/public_support/';

interface PublicRequest {
  id: number;
  access_code: string;
  category: string;
  name: string | null;
  location: string | null;
  building: { id: number; name: string } | null;
  messages: Array<{ author_role: string; author_name: string | null; body: string }>;
  attachments: Array<{ id: number; file_name: string; content_type: string; size: number; download_url: string }>;
}

function multipart(files: Array<{ name: string; type: string; content: Buffer | string }>) {
  const boundary = 'publicBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
/** A real iPhone-style HEIC photo, 64 × 48 (testing/fixtures/README.md). */
const HEIC = await readFile(path.join(import.meta.dirname, '../../../testing/fixtures/quadrants.heic'));

describe.each(DATABASE_DRIVERS)('public support (%s)', (driver) => {
  let t: TestApp;
  let florencId: number;
  let outbox: string;
  beforeAll(async () => {
    t = await buildTestApp(driver);
    outbox = path.join(t.config.dataDir, 'outbox');
    const buildings = (await request(t.app, { method: 'GET', url: '/api/v1/buildings/' })).body as Array<{
      id: number;
      name: string;
    }>;
    florencId = buildings.find((building) => building.name.includes('Florenc'))?.id ?? 0;
  });
  afterAll(() => t?.close());

  const create = (body: Record<string, unknown>) => request(t.app, { method: 'POST', url: URL, body });
  /** A request the visitor has sent (201). */
  const sent = async (body: Record<string, unknown>) => {
    const created = await create(body);
    expect(created.statusCode).toBe(201);
    return created.body as PublicRequest;
  };
  const upload = (id: number, code: string, files: Parameters<typeof multipart>[0]) => {
    const { payload, contentType } = multipart(files);
    return t.app.inject({
      method: 'POST',
      url: `${URL}${id}/attachments/?code=${encodeURIComponent(code)}`,
      headers: { 'content-type': contentType },
      payload,
    });
  };

  it('mails the id, the access code and the link when an e-mail is given', async () => {
    const { id, access_code: code } = await sent({
      name: 'Jan Host',
      email: 'jan.host@example.cz',
      subject: 'Dotaz na parkování',
      message: 'Kde mohu zaparkovat?',
    });
    const mail = await waitForMail(outbox, (candidate) => candidate.to === 'jan.host@example.cz');
    expect(mail.type).toBe('public-support-created');
    expect(mail.subject).toBe(`Požadavek č. ${id} byl přijat`);
    expect(mail.text).toContain(`Přístupový kód: ${code}`);
    expect(mail.text).toContain(`http://portal.test/verejna-podpora/${id}?code=${encodeURIComponent(code)}`);
  });

  it('answers a code people can type, and opens the request however it is typed', async () => {
    const { id, access_code: code } = await sent({
      name: 'Jan Host',
      subject: 'Klíče',
      message: 'Ztratil jsem klíče.',
      phone: '+420 777 111 222',
    });
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){4}$/);
    for (const typed of [code, code.toLowerCase(), code.replace(/-/g, ' '), code.replace(/-/g, '')]) {
      const opened = await request(t.app, { method: 'GET', url: `${URL}${id}/?code=${encodeURIComponent(typed)}` });
      expect(opened.statusCode, typed).toBe(200);
    }
    const wrong = `${code.slice(0, -1)}${code.endsWith('2') ? '3' : '2'}`;
    expect((await request(t.app, { method: 'GET', url: `${URL}${id}/?code=${wrong}` })).statusCode).toBe(404);
  });

  it("never quotes the visitor's own words to the address, which nobody has confirmed", async () => {
    // Anyone may type someone else's address: the portal must not become a way to send them
    // arbitrary text (spam, phishing) under its name.
    const words = ['Vyhráli jste', 'Klikněte na http://zlo.example', 'Pan Podvodník'];
    // The portal's own words agree with what was sent (váš požadavek, vaše hlášení, vaši objednávku).
    const thanks = {
      support: 'děkujeme, váš požadavek jsme přijali',
      fault_report: 'děkujeme, vaše hlášení poruchy jsme přijali',
      order: 'děkujeme, vaši objednávku jsme přijali',
    };
    for (const category of ['support', 'fault_report', 'order'] as const) {
      const email = `cizi.${category}@example.cz`;
      const { id } = await sent({
        category,
        name: words[2],
        email,
        subject: `${words[0]} (${category})`,
        message: words[1],
      });
      const mail = await waitForMail(outbox, (candidate) => candidate.to === email);
      expect(mail.type).toBe('public-support-created');
      expect(mail.text).toContain(thanks[category]);
      expect(mail.text).toContain(`Číslo požadavku: ${id}`);
      expect(mail.text).toContain(`http://portal.test/verejna-podpora/${id}?code=`);
      for (const word of words) {
        expect(mail.subject).not.toContain(word);
        expect(mail.text).not.toContain(word);
        expect(mail.html).not.toContain(word);
      }
    }
  });

  it('sends nothing without an e-mail, and a replayed create sends no second mail', async () => {
    // The staff's notices of new requests (staff-new-request) are another kind, counted apart.
    const visitorMails = async () => (await readOutbox(outbox)).filter((mail) => mail.type !== 'staff-new-request');
    const before = (await visitorMails()).length;
    const anonymous = await create({
      category: 'fault_report',
      subject: 'Porucha – vchod',
      message: 'Nesvítí světlo.',
      building: florencId,
      location: 'hlavní vchod',
    });
    expect(anonymous.statusCode).toBe(201);
    expect(anonymous.body).toMatchObject({
      category: 'fault_report',
      name: null,
      location: 'hlavní vchod',
      building: { id: florencId },
    });

    const body = { name: 'Eva', email: 'eva.replay@example.cz', subject: 'Dvakrát', message: 'Jen jednou.' };
    const headers = { 'idempotency-key': `public-create-${driver}-1` };
    const first = await request(t.app, { method: 'POST', url: URL, headers, body });
    const again = await request(t.app, { method: 'POST', url: URL, headers, body });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    await waitForMail(outbox, (mail) => mail.to === 'eva.replay@example.cz');
    // Give a wrongly scheduled second mail the time to appear.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const mails = await visitorMails();
    expect(mails.filter((mail) => mail.to === 'eva.replay@example.cz')).toHaveLength(1);
    expect(mails.length).toBe(before + 1);
  });

  it('replays an anonymous create only to the client that made it, so another never sees its access code', async () => {
    const body = { name: 'Eva', email: 'eva.scope@example.cz', subject: 'Jen můj', message: 'Kód je můj.' };
    const key = `public-scope-${driver}-1`;
    const mine = { 'idempotency-key': key, 'x-forwarded-for': '203.0.113.10' };
    const first = await request(t.app, { method: 'POST', url: URL, headers: mine, body });
    expect(first.statusCode).toBe(201);
    const code = (first.body as { access_code: string }).access_code;
    // The same client retrying gets its answer again.
    const retry = await request(t.app, { method: 'POST', url: URL, headers: mine, body });
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    // Someone else with the same key and body does not: no replay, no code of the first.
    const other = await request(t.app, {
      method: 'POST',
      url: URL,
      headers: { 'idempotency-key': key, 'x-forwarded-for': '198.51.100.99' },
      body,
    });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(JSON.stringify(other.body)).not.toContain(code);
  });

  it('applies the rules of each category with Czech field messages', async () => {
    const noName = await create({ subject: 'Dotaz', message: 'Text' });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toEqual({ name: ['Zadejte své jméno.'] });

    // An order needs a way to reach whoever orders: an e-mail or, as here, a phone.
    const keyCopies = { category: 'order', name: 'Petr', subject: 'Objednávka: Kopie klíče', message: '2 ks' };
    const orderWithoutContact = await create(keyCopies);
    expect(orderWithoutContact.statusCode).toBe(400);
    expect(orderWithoutContact.body).toEqual({
      email: ['Zadejte e-mail nebo telefon, abychom vás mohli kvůli objednávce kontaktovat.'],
    });
    const order = await create({ ...keyCopies, phone: '+420 777 123 456' });
    expect(order.statusCode).toBe(201);

    const blank = await create({ category: 'fault_report', subject: '   ', message: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.body as object).sort()).toEqual(['message', 'subject']);

    const badEmail = await create({ name: 'X', email: 'neni-email', subject: 'Dotaz', message: 'Text' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toHaveProperty('email');
  });

  it('takes a photo authorised by id + code, lists it and serves it only with the code', async () => {
    const created = (
      await create({ category: 'fault_report', subject: 'Rozbité okno', message: 'Prasklé sklo.', building: florencId })
    ).body as PublicRequest;
    const { id, access_code: code } = created;

    const stored = await upload(id, code, [{ name: 'okno.png', type: 'image/png', content: PNG }]);
    expect(stored.statusCode).toBe(201);
    const [attachment] = stored.json<PublicRequest['attachments']>();
    expect(attachment).toMatchObject({ file_name: 'okno.png', content_type: 'image/png', size: PNG.length });
    expect(attachment?.download_url).toBe(`/api/v1/public_support/${id}/attachments/${attachment?.id}/`);

    const detail = (await request(t.app, { method: 'GET', url: `${URL}${id}/?code=${code}` })).body as PublicRequest;
    expect(detail.attachments).toEqual([attachment]);

    const download = await t.app.inject({ method: 'GET', url: `${attachment?.download_url}?code=${code}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toContain('filename="okno.png"');
    expect(download.rawPayload.equals(PNG)).toBe(true);

    // A wrong code, another request's attachment and an unknown id all answer the same 404.
    const wrongCode = await request(t.app, { method: 'GET', url: `${attachment?.download_url}?code=spatny-kod` });
    const other = (await create({ category: 'fault_report', subject: 'Jiná', message: 'Jiná.' })).body as PublicRequest;
    const foreign = await request(t.app, {
      method: 'GET',
      url: `${URL}${other.id}/attachments/${attachment?.id}/?code=${other.access_code}`,
    });
    const uploadWrong = await upload(id, 'spatny-kod', [{ name: 'x.png', type: 'image/png', content: PNG }]);
    const uploadMissing = await upload(999_999, code, [{ name: 'x.png', type: 'image/png', content: PNG }]);
    for (const answer of [wrongCode, foreign]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toEqual({
        detail: 'Požadavek nebyl nalezen nebo je přístupový kód nesprávný.',
        code: 'not_found',
      });
    }
    for (const answer of [uploadWrong, uploadMissing]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(wrongCode.body);
    }

    const script = await upload(id, code, [{ name: 'obrazek.svg', type: 'image/svg+xml', content: '<svg/>' }]);
    expect(script.statusCode).toBe(400);
    expect(script.json()).toEqual({ files: [expect.stringContaining('nepodporovaný typ')] });
    const huge = await upload(id, code, [
      { name: 'velky.png', type: 'image/png', content: Buffer.alloc(10 * 1024 * 1024 + 1) },
    ]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'file_too_large' });
  });

  it('stores a HEIC photo as JPEG and serves previews of images only, with the code', async () => {
    const { id, access_code: code } = (
      await create({ name: 'Jan Host', subject: 'Fotka z iPhonu', message: 'Posílám fotku.', building: florencId })
    ).body as PublicRequest;

    const stored = await upload(id, code, [{ name: 'IMG_0042.HEIC', type: 'image/heic', content: HEIC }]);
    expect(stored.statusCode).toBe(201);
    const [photo] = stored.json<PublicRequest['attachments']>();
    expect(photo).toMatchObject({ file_name: 'IMG_0042.jpg', content_type: 'image/jpeg' });
    const download = await t.app.inject({ method: 'GET', url: `${photo?.download_url}?code=${code}` });
    expect(download.headers['content-disposition']).toContain('filename="IMG_0042.jpg"');
    expect(download.rawPayload.length).toBe(photo?.size);
    expect(await sharp(download.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });

    const preview = async (attachmentId: number | undefined, size?: string, accessCode = code) => {
      const url = `${URL}${id}/attachments/${attachmentId}/preview/?code=${accessCode}${size ? `&size=${size}` : ''}`;
      const answer = await t.app.inject({ method: 'GET', url });
      const json = answer.headers['content-type']?.toString().startsWith('application/json');
      await assertMatchesContract({
        method: 'GET',
        url,
        statusCode: answer.statusCode,
        headers: answer.headers,
        body: json ? answer.json() : answer.body,
      });
      return answer;
    };
    const small = await preview(photo?.id);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['x-content-type-options']).toBe('nosniff');
    expect(small.headers['content-disposition']).toMatch(/^inline; filename="IMG_0042.webp"/);
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });
    // Kept once made: the same bytes again, read back from the file store.
    const [row] = await t.app.db
      .select({ storageKey: publicSupportAttachments.storageKey })
      .from(publicSupportAttachments)
      .where(eq(publicSupportAttachments.id, photo?.id ?? 0));
    const key = `previews/${row?.storageKey}-small.webp`;
    expect((await t.app.fileStore.open(key))?.size).toBe(small.rawPayload.length);
    expect((await preview(photo?.id, 'small')).rawPayload.equals(small.rawPayload)).toBe(true);
    expect((await preview(photo?.id, 'large')).headers['content-type']).toBe('image/webp');

    // Not an image: no preview, the file link stays. A wrong code: the same 404 as anywhere.
    const [pdf] = (
      await upload(id, code, [{ name: 'protokol.pdf', type: 'application/pdf', content: '%PDF-1.4 test' }])
    ).json<PublicRequest['attachments']>();
    const none = await preview(pdf?.id);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({
      detail: 'Náhled této přílohy nelze zobrazit; stáhněte si ji.',
      code: 'preview_unavailable',
    });
    // A "PNG" that is only a signature passes the upload's content check but has no picture.
    const [fake] = (await upload(id, code, [{ name: 'okno.png', type: 'image/png', content: PNG }])).json<
      PublicRequest['attachments']
    >();
    expect((await preview(fake?.id)).statusCode).toBe(422);
    expect((await preview(photo?.id, 'small', 'spatny-kod')).statusCode).toBe(404);
    expect((await preview(photo?.id, 'obrovsky')).statusCode).toBe(400);

    // A HEIC that is no photo inside: a Czech 400 on files, nothing stored.
    const broken = await upload(id, code, [
      { name: 'rozbita.heic', type: 'image/heic', content: Buffer.concat([HEIC.subarray(0, 40), Buffer.alloc(100)]) },
    ]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      files: ['Fotografii „rozbita.heic“ se nepodařilo přečíst ani převést do JPEG. Pošlete ji prosím jako JPEG.'],
    });
    const detail = (await request(t.app, { method: 'GET', url: `${URL}${id}/?code=${code}` })).body as PublicRequest;
    expect(detail.attachments.map((attachment) => attachment.file_name)).toEqual([
      'IMG_0042.jpg',
      'protokol.pdf',
      'okno.png',
    ]);
  });

  it('refuses more than ten files on one request in total, and files on a closed request', async () => {
    const { id, access_code: code } = (
      await create({ category: 'fault_report', subject: 'Mnoho fotek', message: 'Fotky.' })
    ).body as PublicRequest;
    const nine = Array.from({ length: 9 }, (_, index) => ({ name: `f${index}.png`, type: 'image/png', content: PNG }));
    expect((await upload(id, code, nine)).statusCode).toBe(201);
    const two = await upload(id, code, nine.slice(0, 2));
    expect(two.statusCode).toBe(413);
    expect(two.json()).toEqual({
      detail: 'K jednomu požadavku lze přiložit nejvýše 10 souborů.',
      code: 'too_many_files',
    });
    expect((await upload(id, code, nine.slice(0, 1))).statusCode).toBe(201);
    expect((await upload(id, code, nine.slice(0, 1))).statusCode).toBe(413);

    const closed = (await create({ category: 'fault_report', subject: 'Vyřízeno', message: 'x' }))
      .body as PublicRequest;
    await runCommand(
      [
        'public-answer',
        '--request',
        String(closed.id),
        '--staff',
        'tomas.dvorak@sprava.example.cz',
        '--body',
        'Hotovo.',
        '--status',
        'closed',
      ],
      t.app.db,
      t.app.fileStore,
    );
    const late = await upload(closed.id, closed.access_code, nine.slice(0, 1));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'request_closed' });
    const detail = (await request(t.app, { method: 'GET', url: `${URL}${closed.id}/?code=${closed.access_code}` }))
      .body as PublicRequest;
    expect(detail.messages.at(-1)).toMatchObject({
      author_role: 'operator',
      author_name: 'Tomáš Dvořák',
      body: 'Hotovo.',
    });
  });
});

describe('access codes in logs', () => {
  it('are redacted from the logged request URL', async () => {
    const lines: string[] = [];
    const logger = appServerOptions(testConfig({ dataDir: '/nonexistent', logLevel: 'info' })).logger as object;
    const app = Fastify({ logger: { ...logger, stream: { write: (line: string) => void lines.push(line) } } });
    app.get('/api/v1/public_support/:id/', async () => ({}));
    await app.inject({ method: 'GET', url: '/api/v1/public_support/7/?code=tajny-kod-123&x=1' });
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('/api/v1/public_support/7/?code=[redacted]&x=1');
    expect(logged).not.toContain('tajny-kod-123');
  });
});
