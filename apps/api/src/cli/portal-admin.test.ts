import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { billingStatements, supportTickets } from '../db/schema.js';
import { createPublicRequest } from '../domain/public-support.js';
import { createTicket } from '../domain/tickets.js';
import { findUserByEmail } from '../domain/users.js';
import { ApiError } from '../domain/errors.js';
import { serializeStatementDetail } from '../domain/billing.js';
import { eq } from 'drizzle-orm';
import { scratchDatabaseFor, DATABASE_DRIVERS, type ScratchDatabase } from '../testing/scratch-database.js';
import { testConfig } from '../testing/test-config.js';
import { login, request } from '../testing/test-client.js';
import { main, runCommand, UsageError } from './portal-admin.js';
import { openFileStore } from '../files/open-file-store.js';

const PASSWORD = 'Silne-Heslo-2026';
/** Enough of a PDF for the importer (it checks the signature) and to compare bytes on download. */
const STATEMENT_PDF = Buffer.from(
  '%PDF-1.4\n% portal-admin test\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n',
  'latin1',
);

function inDays(days: number, hour: number): string {
  return new Date(Date.now() + days * 86_400_000 + hour * 3_600_000).toISOString();
}

describe.each(DATABASE_DRIVERS)('portal-admin CLI (%s)', (driver) => {
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  const cli = (...argv: string[]) => {
    if (handle === undefined) throw new Error('database closed');
    return runCommand(
      argv,
      handle.db,
      openFileStore('database', { db: handle.db, dataDir: scratch.dataDir }),
    ) as Promise<Record<string, unknown>>;
  };
  /** A command with its options by name: `true` is a switch, a list repeats the option. */
  const cliWith = (command: string, options: Record<string, string | true | string[]>) =>
    cli(
      command,
      ...Object.entries(options).flatMap(([option, value]) =>
        value === true ? [option] : [value].flat().flatMap((each) => [option, each]),
      ),
    );

  const ids = { tenant: '', building: 0, room: 0, meter: 0, event: 0, statement: 0, ticket: 0 };
  /** An import of a statement that passes every check, but for the options given. */
  const importStatement = (options: Record<string, string | string[]>) =>
    cliWith('import-statement', {
      '--tenant': ids.tenant,
      '--number': '2026000399',
      '--period-from': '2026-11-01',
      '--period-to': '2026-11-30',
      '--issued': '2026-12-01',
      '--due': '2026-12-15',
      '--bank-account': '19-2000145399/0800',
      '--iban': 'CZ6508000000192000145399',
      '--variable-symbol': '2026000399',
      '--item': 'Nájemné;1;měsíc;100.00',
      ...options,
    });

  beforeAll(async () => {
    scratch = await scratchDatabaseFor(driver);
    handle = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });
    await handle.withStartupLock(({ migrate }) => migrate());
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await scratch?.dispose();
  });

  it('creates a tenant, users, access, a building, a room, a meter; publishes an outage; imports a statement with its PDF', async () => {
    const tenant = await cli('create-tenant', '--name', 'Gama s.r.o.');
    expect(tenant).toMatchObject({ name: 'Gama s.r.o.' });
    ids.tenant = String(tenant['id']);

    expect(
      await cliWith('create-user', {
        '--email': 'eva@gama.cz',
        '--password': PASSWORD,
        '--first-name': 'Eva',
        '--last-name': 'Malá',
      }),
    ).toMatchObject({ email: 'eva@gama.cz', isStaff: false });
    expect(
      await cliWith('create-user', {
        '--email': 'technik@sprava.cz',
        '--password': PASSWORD,
        '--first-name': 'Karel',
        '--last-name': 'Technik',
        '--is-staff': true,
      }),
    ).toMatchObject({ email: 'technik@sprava.cz', isStaff: true });
    expect(await cli('grant-access', '--user', 'EVA@gama.cz', '--tenant', ids.tenant)).toEqual({
      user: 'eva@gama.cz',
      tenant: ids.tenant,
    });

    const building = await cliWith('create-building', {
      '--name': 'Dům Gama',
      '--street': 'Dlouhá 1',
      '--city': 'Praha 1',
      '--postal-code': '110 00',
      '--tenant': ids.tenant,
    });
    expect(building).toMatchObject({ name: 'Dům Gama', tenants: [ids.tenant] });
    ids.building = Number(building['id']);

    const room = await cliWith('create-room', {
      '--building': String(ids.building),
      '--name': 'Zasedačka Gama',
      '--capacity': '8',
      '--public': true,
      '--equipment': 'Projektor',
    });
    expect(room).toMatchObject({
      name: 'Zasedačka Gama',
      capacity: 8,
      publicBooking: true,
      equipment: ['Projektor'],
      slotMinutes: 30,
    });
    ids.room = Number(room['id']);

    const meter = await cliWith('create-meter', {
      '--tenant': ids.tenant,
      '--building': String(ids.building),
      '--serial': 'EL-G-1',
      '--kind': 'electricity',
    });
    expect(meter).toMatchObject({ serialNumber: 'EL-G-1', unit: 'kWh' });
    ids.meter = Number(meter['id']);

    const event = await cliWith('publish-maintenance', {
      '--building': String(ids.building),
      '--title': 'Odstávka vody',
      '--description': 'Výměna ventilů',
      '--category': 'water',
      '--starts': inDays(3, 8),
      '--ends': inDays(3, 12),
      '--tenant-only': true,
    });
    expect(event).toMatchObject({ title: 'Odstávka vody', visibility: 'tenant_only' });
    ids.event = Number(event['id']);

    const pdfPath = path.join(scratch.dataDir, 'vyuctovani.pdf');
    await writeFile(pdfPath, STATEMENT_PDF);
    const statement = await importStatement({
      '--number': '2026000301',
      '--variable-symbol': '2026000301',
      '--item': ['Nájemné;1;měsíc;45000.00', 'Elektřina;812.5;kWh;4875.00'],
      '--pdf': pdfPath,
    });
    expect(statement).toMatchObject({ number: '2026000301', total_amount: '49875.00', pdf: true });
    ids.statement = Number(statement['id']);
  });

  it('keeps the operator and the tenant as supplier and customer; VAT rates as data, changed when the law does', async () => {
    if (handle === undefined) throw new Error('database closed');
    const delta = String((await cli('create-tenant', '--name', 'Delta – kanceláře')).id);
    const rated = (number: string, item: string, extra: Record<string, string> = {}) =>
      importStatement({ '--tenant': delta, '--number': number, '--variable-symbol': number, '--item': item, ...extra });
    const detailOf = async (number: string) => {
      const [row] = await handle!.db.select().from(billingStatements).where(eq(billingStatements.number, number));
      return serializeStatementDetail(handle!.db, row!);
    };
    // No operator details yet: a statement is no tax document, and a VAT rate is refused.
    await expect(rated('2026000401', 'Nájemné;1;měsíc;121.00;21')).rejects.toThrow(
      'Sazbu DPH lze uvést jen u vyúčtování plátce DPH; správa budovy plátcem DPH není.',
    );
    await rated('2026000402', 'Nájemné;1;měsíc;121.00');
    expect(await detailOf('2026000402')).toMatchObject({
      supplier: null,
      customer: { name: 'Delta – kanceláře', street: null, ico: null },
      tax_document: false,
      taxable_supply_date: null,
      vat_breakdown: [{ rate: null, base: '121.00', vat: '0.00', total: '121.00' }],
    });

    const supplier = {
      '--name': 'Správa Delta s.r.o.',
      '--street': 'Dlouhá 1',
      '--city': 'Praha 1',
      '--postal-code': '11000',
      '--ico': '27468135',
      '--dic': 'CZ27468135',
      '--registration': 'Zapsaná v obchodním rejstříku vedeném Městským soudem v Praze, oddíl C, vložka 1.',
    };
    await expect(cliWith('set-supplier', { ...supplier, '--ico': '27468136' })).rejects.toThrow(
      '--ico: IČO má osm číslic a poslední z nich musí odpovídat kontrolnímu součtu.',
    );
    await expect(cliWith('set-supplier', { ...supplier, '--postal-code': '1100' })).rejects.toThrow(
      '--postal-code: PSČ má pět číslic, například 110 00.',
    );
    const { '--dic': _dic, ...withoutDic } = supplier;
    await expect(cliWith('set-supplier', { ...withoutDic, '--vat-payer': true })).rejects.toThrow(
      '--dic: Plátce DPH musí mít DIČ.',
    );
    expect(await cliWith('set-supplier', { ...supplier, '--vat-payer': true })).toEqual({
      name: 'Správa Delta s.r.o.',
      street: 'Dlouhá 1',
      city: 'Praha 1',
      postal_code: '110 00',
      ico: '27468135',
      dic: 'CZ27468135',
      registration: 'Zapsaná v obchodním rejstříku vedeném Městským soudem v Praze, oddíl C, vložka 1.',
      vat_payer: true,
    });
    await expect(cliWith('set-tenant-billing', { '--tenant': delta, '--street': 'Krátká 2' })).rejects.toThrow(
      '--city: Toto pole nesmí být prázdné.',
    );
    expect(
      await cliWith('set-tenant-billing', {
        '--tenant': delta,
        '--name': 'Delta s.r.o.',
        '--street': 'Krátká 2',
        '--city': 'Brno',
        '--postal-code': '602 00',
        '--ico': '28901541',
        '--dic': 'cz28901541',
      }),
    ).toEqual({
      name: 'Delta s.r.o.',
      street: 'Krátká 2',
      city: 'Brno',
      postal_code: '602 00',
      ico: '28901541',
      dic: 'CZ28901541',
    });

    // Now a tax document: its DUZP is the period's last day unless given; rates must be in force.
    await rated('2026000403', 'Nájemné;1;měsíc;121.00;21 %');
    expect(await detailOf('2026000403')).toMatchObject({
      supplier: { name: 'Správa Delta s.r.o.', vat_payer: true },
      customer: { name: 'Delta s.r.o.', city: 'Brno' },
      tax_document: true,
      taxable_supply_date: '2026-11-30',
      items: [{ vat_rate: 21 }],
      vat_breakdown: [{ rate: 21, base: '100.00', vat: '21.00', total: '121.00' }],
    });
    // The statement issued before keeps the parties it was issued with.
    expect(await detailOf('2026000402')).toMatchObject({ supplier: null, customer: { name: 'Delta – kanceláře' } });
    await expect(rated('2026000404', 'Nájemné;1;měsíc;121.00;2x')).rejects.toThrow('--item VAT rate must be');

    // A change of the law: 12 % ends, 14 % starts (an example, not a real law).
    expect(await cli('vat-rates', 'list')).toEqual(
      expect.arrayContaining([
        { rate: 21, validFrom: '2013-01-01', validTo: null },
        { rate: 12, validFrom: '2024-01-01', validTo: null },
      ]),
    );
    await expect(cli('vat-rates', 'add', '--rate', '12', '--from', '2027-01-01')).rejects.toThrow(
      '--from: Sazba 12\u00a0% v tomto období už platí; nejdřív ukončete tu dřívější.',
    );
    await expect(cli('vat-rates', 'end', '--rate', '12', '--to', '2023-01-01')).rejects.toThrow(
      '--to: Konec platnosti nesmí být před jejím začátkem.',
    );
    expect(await cli('vat-rates', 'end', '--rate', '12', '--to', '2026-12-31')).toEqual({
      rate: 12,
      validFrom: '2024-01-01',
      validTo: '2026-12-31',
    });
    expect(await cli('vat-rates', 'add', '--rate', '14', '--from', '2027-01-01')).toEqual({
      rate: 14,
      validFrom: '2027-01-01',
      validTo: null,
    });
    await expect(cli('vat-rates', 'add', '--rate', '140', '--from', '2027-01-01')).rejects.toThrow(
      '--rate must be a whole percentage 0–99',
    );
    const january = {
      '--period-from': '2027-01-01',
      '--period-to': '2027-01-31',
      '--issued': '2027-02-01',
      '--due': '2027-02-15',
    };
    await expect(rated('2027000001', 'Teplo;1;GJ;112.00;12', january)).rejects.toThrow(
      'Sazba DPH 12\u00a0% ke dni uskutečnění plnění 31.\u00a01.\u00a02027 neplatí.',
    );
    await rated('2027000002', 'Teplo;1;GJ;114.00;14', january);
    expect(await detailOf('2027000002')).toMatchObject({
      vat_breakdown: [{ rate: 14, base: '100.00', vat: '14.00', total: '114.00' }],
    });
    // …while a December supply billed in January keeps the 12 % of its DUZP.
    await rated('2027000003', 'Teplo;1;GJ;112.00;12', { ...january, '--taxable-supply-date': '2026-12-31' });
    expect(await detailOf('2027000003')).toMatchObject({ taxable_supply_date: '2026-12-31' });
  });

  it('answers a ticket and changes its status, priority and assignee, each with its timeline entry', async () => {
    if (handle === undefined) throw new Error('database closed');
    // Tenants report tickets through the API; here one is stored directly to work on.
    const [ticket] = await handle.db
      .insert(supportTickets)
      .values({
        tenantId: ids.tenant,
        buildingId: ids.building,
        reporterId: 1,
        subject: 'Kape kohoutek',
        description: 'V kuchyňce.',
        priority: 'standard',
        status: 'open',
      })
      .returning();
    ids.ticket = ticket?.id ?? 0;
    const t = String(ids.ticket);

    expect(
      await cli('ticket-answer', '--ticket', t, '--staff', 'technik@sprava.cz', '--body', 'Technik přijde zítra.'),
    ).toMatchObject({
      type: 'comment',
      authorRole: 'operator',
      body: 'Technik přijde zítra.',
    });
    expect(
      await cli('ticket-status', '--ticket', t, '--status', 'in_progress', '--staff', 'technik@sprava.cz'),
    ).toMatchObject({
      type: 'status_change',
      fromValue: 'open',
      toValue: 'in_progress',
    });
    // The one transition table: a change to the current status is refused, as in the staff API.
    await expect(cli('ticket-status', '--ticket', t, '--status', 'in_progress')).rejects.toThrow(
      'Změnu stavu „Zpracovává se“ → „Zpracovává se“ nelze provést.',
    );
    expect(await cli('ticket-priority', '--ticket', t, '--priority', 'high')).toMatchObject({
      type: 'priority_change',
      fromValue: 'standard',
      toValue: 'high',
      authorId: null,
    });
    expect(
      await cli('ticket-assign', '--ticket', t, '--assignee', 'technik@sprava.cz', '--staff', 'technik@sprava.cz'),
    ).toMatchObject({
      type: 'assignment',
      fromValue: null,
      toValue: 'Karel Technik',
    });
    await expect(cli('ticket-status', '--ticket', t, '--status', 'closed')).rejects.toThrow('--resolution is required');
    expect(
      await cli('ticket-status', '--ticket', t, '--status', 'closed', '--resolution', 'Těsnění vyměněno.'),
    ).toMatchObject({
      type: 'status_change',
      toValue: 'closed',
    });
    // A closed ticket is final for the operator too.
    await expect(
      cli('ticket-answer', '--ticket', t, '--staff', 'technik@sprava.cz', '--body', 'Ještě…'),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('refuses bad command lines with a usage error', async () => {
    await expect(cli('no-such-command')).rejects.toBeInstanceOf(UsageError);
    await expect(cli('create-tenant', '--bogus')).rejects.toBeInstanceOf(UsageError);
    await expect(cli('create-tenant')).rejects.toThrow('--name is required');
    // The password rules of a reset and a change hold for a new account too.
    await expect(
      cliWith('create-user', { '--email': 'slabe.heslo@gama.cz', '--password': 'Summer2024' }),
    ).rejects.toThrow('Toto heslo je mezi běžně používanými nebo uniklými hesly.');
    expect(await findUserByEmail(handle!.db, 'slabe.heslo@gama.cz')).toBeUndefined();
    await expect(cli('ticket-assign', '--ticket', String(ids.ticket), '--assignee', 'eva@gama.cz')).rejects.toThrow(
      'not a staff member',
    );
    await expect(
      cli('create-meter', '--tenant', ids.tenant, '--building', '1', '--serial', 'X', '--kind', 'steam'),
    ).rejects.toThrow('--kind must be one of');
    await expect(cli('ticket-priority', '--ticket', '999999', '--priority', 'low')).rejects.toThrow('no ticket 999999');
    // A typo in the IBAN (one digit) fails its check digits; so does a wrong length.
    // The rules are the staff API's (domain/billing.ts), so their messages are its Czech ones.
    const badIban = 'IBAN není platný (zkontrolujte kontrolní číslice a délku).';
    await expect(importStatement({ '--iban': 'CZ6508000000192000145398' })).rejects.toThrow(badIban);
    await expect(importStatement({ '--iban': 'CZ650800000019200014' })).rejects.toThrow(badIban);
    await expect(importStatement({ '--due': '2026-02-30' })).rejects.toThrow('--due must be a date like 2026-12-31');
    await expect(importStatement({ '--period-from': '2026-12-01' })).rejects.toThrow(
      'Konec období nesmí být před jeho začátkem.',
    );
    await expect(importStatement({ '--due': '2026-11-15' })).rejects.toThrow(
      'Datum splatnosti nesmí být před datem vystavení.',
    );
  });

  it('lists and shows tickets and public requests through the staff queue, internal notes included', async () => {
    if (handle === undefined) throw new Error('database closed');
    const reporter = await findUserByEmail(handle.db, 'eva@gama.cz');
    const open = await createTicket(handle.db, {
      tenantId: ids.tenant,
      buildingId: ids.building,
      reporterId: reporter?.id ?? 0,
      subject: 'Skřípou dveře',
      description: 'Dveře do kanceláře skřípou.',
      priority: 'low',
      contactPhone: null,
    });
    const t = String(open.id);
    expect(
      await cli('ticket-answer', '--ticket', t, '--staff', 'technik@sprava.cz', '--body', 'Jen pro nás.', '--internal'),
    ).toMatchObject({ type: 'comment', visibility: 'internal' });
    const listed = await cli('tickets', 'list', '--tenant', ids.tenant, '--search', 'jen pro nás');
    expect(listed).toMatchObject({ total: 1, page: 1 });
    expect((listed['tickets'] as Array<{ id: number; tenant: { name: string } }>)[0]).toMatchObject({
      id: open.id,
      tenant: { name: 'Gama s.r.o.' },
    });
    expect(await cli('tickets', 'list', '--status', 'closed', '--tenant', ids.tenant)).toMatchObject({ total: 1 });
    await expect(cli('tickets', 'list', '--status', 'hotovo')).rejects.toThrow('--status must be one of');
    const shown = await cli('tickets', 'show', '--ticket', t);
    const timeline = shown['timeline'] as Array<{ body: string | null; visibility: string }>;
    expect(timeline.find((entry) => entry.body === 'Jen pro nás.')?.visibility).toBe('internal');
    await expect(cli('tickets', 'show', '--ticket', '999999')).rejects.toThrow('Incident s ID 999999 neexistuje');
    await expect(cli('tickets')).rejects.toThrow('unknown command tickets');

    const request = await createPublicRequest(handle.db, {
      category: 'order',
      name: 'Jan Zákazník',
      email: 'jan@example.cz',
      phone: null,
      subject: 'Objednávka parkovacího místa',
      message: 'Mám zájem o parkovací místo.',
      buildingId: null,
      location: null,
      accessCode: 'kod-pro-test-cli-0001',
    });
    const requests = await cli('public-requests', 'list', '--category', 'order');
    expect(requests['requests']).toEqual([
      expect.objectContaining({ id: request.id, email: 'jan@example.cz', awaiting_answer: true }),
    ]);
    await cli('public-answer', '--request', String(request.id), '--staff', 'technik@sprava.cz', '--body', 'Ozveme se.');
    const detail = await cli('public-requests', 'show', '--request', String(request.id));
    expect((detail['messages'] as Array<{ body: string }>).map((m) => m.body)).toEqual([
      'Mám zájem o parkovací místo.',
      'Ozveme se.',
    ]);
    expect(detail).not.toHaveProperty('access_code');
  });

  it('leaves a portal the new user sees through the API', async () => {
    await handle?.close();
    handle = undefined;
    app = await buildApp(
      testConfig({ dataDir: scratch.dataDir, databaseUrl: scratch.databaseUrl, seedDemoData: false }),
    );
    await app.ready();
    const { access: token } = await login(app, 'eva@gama.cz', PASSWORD);
    const tenant = { 'x-tenant-id': ids.tenant };

    expect((await request(app, { method: 'GET', url: '/api/v1/tenant_access/', token })).body).toEqual([
      { id: ids.tenant, name: 'Gama s.r.o.' },
    ]);
    expect(
      (await request(app, { method: 'GET', url: '/api/v1/buildings/?tenant_only=true', token, headers: tenant })).body,
    ).toMatchObject([{ id: ids.building, name: 'Dům Gama' }]);
    const rooms = await request(app, { method: 'GET', url: '/api/v1/meeting_rooms/?public=true' });
    expect(rooms.body).toMatchObject([{ id: ids.room, name: 'Zasedačka Gama' }]);
    expect((await request(app, { method: 'GET', url: '/api/v1/meters/', token, headers: tenant })).body).toMatchObject([
      { id: ids.meter, serial_number: 'EL-G-1' },
    ]);
    const events = await request(app, { method: 'GET', url: '/api/v1/maintenance_events/', token, headers: tenant });
    expect(events.body).toMatchObject([{ id: ids.event, visibility: 'tenant_only' }]);
    expect((await request(app, { method: 'GET', url: '/api/v1/maintenance_events/' })).body).toEqual([]);

    const statements = await request(app, {
      method: 'GET',
      url: '/api/v1/billing_statements/',
      token,
      headers: tenant,
    });
    expect(statements.body).toMatchObject([
      { id: ids.statement, total_amount: '49875.00', variable_symbol: '2026000301' },
    ]);
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/v1/billing_statements/${ids.statement}/pdf/`,
      headers: { ...tenant, authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(STATEMENT_PDF)).toBe(true);

    const detail = await request(app, {
      method: 'GET',
      url: `/api/v1/support_tickets/${ids.ticket}/`,
      token,
      headers: tenant,
    });
    expect(detail.body).toMatchObject({
      status: 'closed',
      priority: 'high',
      resolution: 'Těsnění vyměněno.',
      assignee: { display_name: 'Karel Technik' },
    });
    const timeline = (
      detail.body as { timeline: Array<{ type: string; author_role: string; author: { display_name: string } | null }> }
    ).timeline;
    expect(timeline.map((entry) => entry.type)).toEqual([
      'comment',
      'status_change',
      'priority_change',
      'assignment',
      'status_change',
    ]);
    expect(timeline.every((entry) => entry.author_role === 'operator')).toBe(true);
    expect(timeline[0]?.author?.display_name).toBe('Karel Technik');
  });
});

describe('portal-admin main', () => {
  // Each command opens the embedded store as the real CLI does (five times here): the store
  // starts as a copy of the run's migrated template instead of a new cluster, and the test may
  // take longer than one request on two busy cores.
  it(
    'prints the usage with --help and one JSON object per command, exit codes 0/1/2',
    { timeout: 120_000 },
    async () => {
      const store = await scratchDatabaseFor('pglite', { template: 'migrated' });
      const dataDir = store.dataDir;
      const written: string[] = [];
      const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
        written.push(String(chunk));
        return true;
      });
      const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      vi.stubEnv('DATA_DIR', dataDir);
      vi.stubEnv('DATABASE_URL', '');
      try {
        expect(await main(['--help'])).toBe(0);
        expect(written.join('')).toContain('create-tenant');
        written.length = 0;
        expect(await main(['create-tenant', '--name', 'Delta a.s.', '--id', 'delta'])).toBe(0);
        expect(JSON.parse(written.join(''))).toMatchObject({ id: 'delta', name: 'Delta a.s.' });
        // The same id again violates the primary key: an error, not a usage problem.
        expect(await main(['create-tenant', '--name', 'Delta a.s.', '--id', 'delta'])).toBe(1);
        expect(await main(['create-tenant', '--unknown-flag'])).toBe(2);

        // A file an older release left under DATA_DIR moves into the database, with progress.
        await mkdir(path.join(dataDir, 'attachments'));
        await writeFile(path.join(dataDir, 'attachments', '0123456789abcdef0123456789abcdef'), 'foto');
        written.length = 0;
        expect(await main(['move-files'])).toBe(0);
        expect(JSON.parse(written.join(''))).toEqual({ moved: 1, alreadyMoved: 0, bytes: 4 });
        expect(stderr).toHaveBeenCalledWith(expect.stringContaining('moved 1/1 files'));
        expect(await readdir(dataDir)).not.toContain('attachments');
      } finally {
        vi.unstubAllEnvs();
        stdout.mockRestore();
        stderr.mockRestore();
        await store.dispose();
      }
    },
  );

  it('says why it cannot run while the API holds the embedded store, without a stack trace', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-admin-locked-'));
    // A live process that is not this one holds the store, as the running API would.
    await writeFile(path.join(dataDir, 'pglite.lock'), String(process.ppid));
    const errors: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      errors.push(String(chunk));
      return true;
    });
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('DATABASE_URL', '');
    try {
      expect(await main(['tickets', 'list'])).toBe(1);
      const message = errors.join('');
      expect(message).toContain(`portal-admin tickets list: cannot open the embedded database in ${dataDir}`);
      expect(message).toContain(`the running API (process ${process.ppid}) holds it`);
      expect(message).toContain('pglite.lock');
      expect(message).toContain('PostgreSQL (DATABASE_URL)');
      expect(message).not.toMatch(/\n\s+at /);
    } finally {
      vi.unstubAllEnvs();
      stdout.mockRestore();
      stderr.mockRestore();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
