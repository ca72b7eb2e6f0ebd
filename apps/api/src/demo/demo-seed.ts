import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import type { FileStore } from '../files/file-store.js';
import { hashAccessCode, newCancelToken } from '../domain/access-codes.js';
import { storeBytes } from '../domain/attachment-files.js';
import { importStatement, sumAmounts, type NewStatementItem } from '../domain/billing.js';
import { setSupplier, setTenantBilling } from '../domain/billing-parties.js';
import { createBuilding } from '../domain/buildings.js';
import { publishMaintenanceEvents } from '../domain/maintenance-events.js';
import { createRoom, insertReservations } from '../domain/meeting-rooms.js';
import { pragueDayStart } from '../domain/prague-time.js';
import { addOperatorAnswer, createPublicRequest } from '../domain/public-support.js';
import { setStaffBuildings } from '../domain/staff.js';
import {
  attachFiles,
  importTicket,
  type Actor,
  type NewTicket,
  type PastTimelineEntry,
  type TicketPriority,
  type TicketStatus,
} from '../domain/tickets.js';
import { displayName } from '../domain/users.js';
import { DEMO_PUBLIC_SUPPORT_CODE, DEMO_STAFF, DEMO_STAFF_LIMITED, DEMO_TENANTS } from './demo-data.js';
import { thermometerPng } from './demo-files.js';
import { seedDemoMeters } from './demo-meters.js';

const DAY = 86_400_000;

/** `YYYY-MM-DD` of the Prague day `offset` days from `now`. */
function day(now: Date, offset: number): string {
  return new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
}

/** An instant at a Prague wall-clock time `offset` days from now. */
function at(now: Date, offset: number, hour: number, minute = 0): Date {
  return new Date(pragueDayStart(day(now, offset)).getTime() + (hour * 60 + minute) * 60_000);
}

export interface DemoPeople {
  janaId: number;
  petrId: number;
  staffId: number;
  /** Eva Marková, limited to Karlín Business Center. */
  limitedStaffId: number;
}

/**
 * Everything a new user should see in a living portal: buildings, tickets with timelines in
 * both tenants, meters with history, paid and unpaid statements, public and tenant-only rooms
 * with reservations, past and upcoming outages, and a public support request with an answer.
 * Dates are relative to the moment of seeding so the demo never looks stale on first start.
 */
export async function seedDemoFeatures(
  tx: Database,
  people: DemoPeople,
  now = new Date(),
  /** Where attachment files go (on `tx`); without it the demo tickets get no attachments. */
  fileStore?: FileStore,
): Promise<void> {
  const alfa = DEMO_TENANTS.alfa.id;
  const beta = DEMO_TENANTS.beta.id;
  const florenc = await createBuilding(
    tx,
    { name: 'Kancelářský dům Florenc', street: 'Na Florenci 2116/15', city: 'Praha 1', postalCode: '110 00' },
    [alfa, beta],
  );
  const karlin = await createBuilding(
    tx,
    { name: 'Karlín Business Center', street: 'Křižíkova 148/34', city: 'Praha 8', postalCode: '186 00' },
    [beta],
  );
  const smichov = await createBuilding(tx, {
    name: 'Smíchov Gate',
    street: 'Plzeňská 3217/16',
    city: 'Praha 5',
    postalCode: '150 00',
  });
  if (karlin.name !== DEMO_STAFF_LIMITED.building) throw new Error('the limited staff member’s building moved');
  await setStaffBuildings(tx, people.limitedStaffId, [karlin.id]);

  // ---- tickets, each with the timeline its history would have left
  const ticket = async (
    filed: Pick<NewTicket, 'tenantId' | 'buildingId' | 'reporterId' | 'priority'> & { daysAgo: number },
    report: Pick<NewTicket, 'subject' | 'description'> & { contactPhone?: string },
    history: Array<Omit<PastTimelineEntry, 'at'> & { hoursLater: number }>,
    final: {
      status: TicketStatus;
      priority?: TicketPriority;
      assigneeId?: number;
      resolution?: string;
      visit?: { from: Date; to: Date; note: string | null };
    },
  ) => {
    const { daysAgo, ...fields } = filed;
    const createdAt = new Date(now.getTime() - daysAgo * DAY);
    return importTicket(
      tx,
      {
        ...fields,
        ...report,
        contactPhone: report.contactPhone ?? null,
        priority: final.priority ?? filed.priority,
        status: final.status,
        assigneeId: final.assigneeId ?? null,
        resolution: final.resolution ?? null,
        visitFrom: final.visit?.from ?? null,
        visitTo: final.visit?.to ?? null,
        visitNote: final.visit?.note ?? null,
        createdAt,
      },
      history.map(({ hoursLater, ...entry }) => ({
        ...entry,
        at: new Date(createdAt.getTime() + hoursLater * 3_600_000),
      })),
    );
  };
  /** A ticket nobody has touched yet: open, without a history. */
  const untouched = (filed: Parameters<typeof ticket>[0], report: Parameters<typeof ticket>[1]) =>
    ticket(filed, report, [], { status: 'open' });
  const staff = displayName(DEMO_STAFF);
  const eva = displayName(DEMO_STAFF_LIMITED);
  const operator: Actor = { userId: people.staffId, role: 'operator' };
  const evaActor: Actor = { userId: people.limitedStaffId, role: 'operator' };
  const petr: Actor = { userId: people.petrId, role: 'tenant' };
  const jana: Actor = { userId: people.janaId, role: 'tenant' };
  const system: Actor = { userId: null, role: 'system' };
  /** `actor` assigns the ticket to `assignee` and it goes in progress (moved by `mover`, the same unless said). */
  const taken = (actor: Actor, assignee: string, hoursLater: number, mover = actor) =>
    [
      { type: 'assignment', actor, fromValue: null, toValue: assignee, hoursLater },
      { type: 'status_change', actor: mover, fromValue: 'open', toValue: 'in_progress', hoursLater },
    ] as const;
  /** `actor` resolves the ticket and says how (a comment at the same time). */
  const resolvedWith = (actor: Actor, body: string, hoursLater: number) =>
    [
      { type: 'status_change', actor, fromValue: 'open', toValue: 'resolved', hoursLater },
      { type: 'comment', actor, body, hoursLater },
    ] as const;
  /** A staff member's note that only the staff see. */
  const internalNote = (actor: Actor, body: string, hoursLater: number) =>
    ({ type: 'comment', actor, body, visibility: 'internal', hoursLater }) as const;
  // The radiator's replacement, announced to the tenant: tomorrow 8:00–10:00 Prague time.
  const radiatorVisit = {
    from: at(now, 1, 8),
    to: at(now, 1, 10),
    note: 'Prosíme o přístup ke stoupačkám v kanceláři 2.14.',
  };
  // Ids follow this order, and demo links and the e2e route matrix use them (the radiator is
  // ticket 4): add new demo tickets at the end.
  const airConditioning = await ticket(
    { tenantId: alfa, buildingId: florenc.id, reporterId: people.janaId, priority: 'standard', daysAgo: 6 },
    {
      subject: 'Nefunguje klimatizace v zasedačce 3.02',
      description: 'Od pondělí nefouká studený vzduch, v místnosti je přes 28 °C.',
    },
    [
      ...taken(operator, staff, 2),
      { type: 'priority_change', actor: operator, fromValue: 'standard', toValue: 'high', hoursLater: 3 },
      internalNote(
        operator,
        'Interní: kompresor je v záruce, reklamaci vyřizuje firma Klima-servis (smlouva 2024/17).',
        3,
      ),
      {
        type: 'comment',
        actor: operator,
        body: 'Technik přijde ve čtvrtek dopoledne, prosíme o zpřístupnění místnosti.',
        hoursLater: 4,
      },
      { type: 'comment', actor: jana, body: 'Děkujeme, místnost bude odemčená.', hoursLater: 5 },
    ],
    { status: 'in_progress', priority: 'high', assigneeId: people.staffId },
  );
  await ticket(
    { tenantId: alfa, buildingId: florenc.id, reporterId: people.janaId, priority: 'low', daysAgo: 20 },
    {
      subject: 'Prasklá žárovka na chodbě ve 3. patře',
      description: 'Na chodbě u výtahu nesvítí jedno světlo.',
      contactPhone: '+420 777 123 456',
    },
    [
      ...resolvedWith(operator, 'Žárovka vyměněna.', 20),
      { type: 'status_change', actor: jana, fromValue: 'resolved', toValue: 'closed', hoursLater: 30 },
    ],
    { status: 'closed', resolution: 'Žárovka byla vyměněna, vše svítí.' },
  );
  await untouched(
    { tenantId: alfa, buildingId: florenc.id, reporterId: people.janaId, priority: 'standard', daysAgo: 1 },
    {
      subject: 'Objednávka úklidu po stěhování',
      description: 'Prosíme o mimořádný úklid kanceláře 3.05 po stěhování nábytku.',
    },
  );
  await ticket(
    { tenantId: beta, buildingId: karlin.id, reporterId: people.petrId, priority: 'critical', daysAgo: 2 },
    {
      subject: 'Teče voda z radiátoru',
      description: 'V kanceláři 2.14 kape voda z ventilu radiátoru na podlahu.',
    },
    [
      ...taken(operator, staff, 1, system),
      { type: 'comment', actor: operator, body: 'Ventil jsme provizorně uzavřeli, výměna zítra.', hoursLater: 3 },
      internalNote(operator, 'Interní: objednán nový termostatický ventil Danfoss, dodání do 24 h.', 4),
      {
        type: 'visit_change',
        actor: operator,
        fromValue: null,
        toValue: `${radiatorVisit.from.toISOString()}/${radiatorVisit.to.toISOString()}`,
        body: radiatorVisit.note,
        hoursLater: 5,
      },
    ],
    { status: 'in_progress', assigneeId: people.staffId, visit: radiatorVisit },
  );
  await ticket(
    { tenantId: beta, buildingId: florenc.id, reporterId: people.janaId, priority: 'standard', daysAgo: 9 },
    {
      subject: 'Nová přístupová karta pro kolegu',
      description: 'Prosíme o vydání přístupové karty pro nového zaměstnance.',
    },
    [...resolvedWith(operator, 'Karta je připravena na recepci.', 24)],
    { status: 'resolved' },
  );
  // Nobody has taken this one yet (Karlín, Eva Marková's building).
  await untouched(
    { tenantId: beta, buildingId: karlin.id, reporterId: people.petrId, priority: 'low', daysAgo: 0.2 },
    {
      subject: 'Bliká osvětlení v kuchyňce',
      description: 'Zářivka v kuchyňce ve 2. patře bliká a bzučí.',
    },
  );
  // Karlín, Eva Marková's building: one of hers with an internal note.
  await ticket(
    { tenantId: beta, buildingId: karlin.id, reporterId: people.petrId, priority: 'high', daysAgo: 3 },
    {
      subject: 'Nedovírají se dveře do serverovny',
      description: 'Dveře serverovny 2.20 se nezavřou samy, zámek nezapadne.',
    },
    [
      ...taken(evaActor, eva, 1),
      internalNote(evaActor, 'Interní: zavírač dveří je opotřebovaný, objednat výměnu u firmy Zámky Praha.', 2),
      { type: 'comment', actor: evaActor, body: 'Zavírač dveří vyměníme v pátek.', hoursLater: 3 },
      { type: 'comment', actor: petr, body: 'Děkujeme.', hoursLater: 6 },
    ],
    { status: 'in_progress', priority: 'high', assigneeId: people.limitedStaffId },
  );

  // The tenant's photo on the air-conditioning ticket, so attachment downloads can be tried
  // out of the box. In the database store the file is part of the seed's transaction; in the
  // folder store it is written before the transaction commits, and should the seed fail after
  // this, an unreferenced file is left behind, which is harmless.
  if (fileStore !== undefined) {
    const file = await storeBytes(fileStore, 'teplomer-zasedacka-3-02.png', 'image/png', thermometerPng());
    await attachFiles(
      tx,
      airConditioning,
      people.janaId,
      [file],
      new Date(airConditioning.createdAt.getTime() + 5 * 60_000),
    );
  }

  // ---- maintenance events: past, under way, upcoming; public and tenant-only, in every building
  // When each takes place: on one day from one hour to another, days ahead or days ago; or under
  // way, from some whole hours ago to some hours ahead, so it is current whenever the demo starts.
  const onDay = (offset: number, fromHour: number, toHour: number) => ({
    startsAt: at(now, offset, fromHour),
    endsAt: at(now, offset, toHour),
  });
  const daysAgo = (days: number, fromHour: number, toHour: number) => onDay(-days, fromHour, toHour);
  const hoursFromNow = (hours: number) => new Date(Math.floor(now.getTime() / 3_600_000 + hours) * 3_600_000);
  const underWay = (startedHoursAgo: number, endsInHours: number) => ({
    startsAt: hoursFromNow(-startedHoursAgo),
    endsAt: hoursFromNow(endsInHours),
  });
  await publishMaintenanceEvents(tx, [
    {
      buildingId: florenc.id,
      title: 'Odstávka teplé vody',
      description: 'Z důvodu čištění výměníku nepoteče teplá voda.',
      category: 'water',
      visibility: 'public',
      ...onDay(5, 8, 14),
    },
    {
      buildingId: florenc.id,
      title: 'Revize výtahů',
      description: 'Výtahy A a B budou postupně mimo provoz.',
      category: 'elevator',
      visibility: 'tenant_only',
      ...onDay(12, 9, 12),
    },
    {
      buildingId: florenc.id,
      title: 'Oprava fasády u vchodu',
      description: 'Hlavní vchod je uzavřen, používejte prosím boční vchod z ulice Křižíkova.',
      category: 'other',
      visibility: 'public',
      ...underWay(3, 30),
    },
    {
      buildingId: florenc.id,
      title: 'Výměna vodoměrů',
      description: 'Během výměny bude na dvě hodiny uzavřena studená voda.',
      category: 'water',
      visibility: 'public',
      ...daysAgo(20, 9, 11),
    },
    {
      buildingId: karlin.id,
      title: 'Výpadek internetu',
      description: 'Poskytovatel mění páteřní zařízení.',
      category: 'internet',
      visibility: 'tenant_only',
      startsAt: at(now, 3, 22),
      endsAt: null,
    },
    {
      buildingId: karlin.id,
      title: 'Údržba kotelny',
      description: 'Topení poběží sníženým výkonem, v kancelářích může být chladněji.',
      category: 'heating',
      visibility: 'public',
      startsAt: at(now, 8, 6),
      endsAt: at(now, 9, 18),
    },
    {
      buildingId: karlin.id,
      title: 'Tepování koberců ve 2. patře',
      description: 'Chodby ve 2. patře budou do odpoledne mokré.',
      category: 'cleaning',
      visibility: 'tenant_only',
      ...underWay(1, 5),
    },
    {
      buildingId: karlin.id,
      title: 'Revize elektroinstalace',
      description: 'Postupné vypínání jednotlivých okruhů.',
      category: 'electricity',
      visibility: 'tenant_only',
      ...daysAgo(15, 8, 16),
    },
    {
      buildingId: smichov.id,
      title: 'Odstávka elektřiny',
      description: 'Plánovaná údržba rozvodny PRE.',
      category: 'electricity',
      visibility: 'public',
      ...daysAgo(10, 7, 15),
    },
    {
      buildingId: smichov.id,
      title: 'Kontrola plynové přípojky',
      description: 'Kuchyňky v přízemí budou bez plynu.',
      category: 'gas',
      visibility: 'public',
      ...onDay(20, 8, 12),
    },
    {
      buildingId: smichov.id,
      title: 'Mytí oken',
      description: 'Horolezci budou myt okna z venkovní strany, zatáhněte prosím žaluzie.',
      category: 'cleaning',
      visibility: 'tenant_only',
      ...onDay(2, 7, 15),
    },
  ]);

  // ---- meeting rooms and reservations
  const velka = await createRoom(tx, {
    buildingId: florenc.id,
    name: 'Velká zasedačka',
    floor: '1. patro',
    capacity: 12,
    equipment: ['Projektor', 'Videokonference', 'Flipchart'],
    description: 'Prosklená místnost s výhledem na Florenc.',
    publicBooking: true,
  });
  const mala = await createRoom(tx, {
    buildingId: florenc.id,
    name: 'Malá zasedačka',
    floor: '3. patro',
    capacity: 4,
    equipment: ['Televize'],
    description: 'Jen pro nájemce budovy.',
    publicBooking: false,
  });
  const karlinRoom = await createRoom(tx, {
    buildingId: karlin.id,
    name: 'Konferenční sál Karlín',
    floor: 'přízemí',
    capacity: 40,
    equipment: ['Projektor', 'Ozvučení'],
    publicBooking: true,
    openingTime: '07:00',
    closingTime: '20:00',
    slotMinutes: 60,
    maxDurationMinutes: 480,
  });
  // Visitors' bookings get a cancellation token nobody knows: the demo has no mail to show it in.
  await insertReservations(tx, [
    {
      uuid: randomUUID(),
      roomId: velka.id,
      tenantId: alfa,
      createdBy: people.janaId,
      title: 'Porada vedení',
      startsAt: at(now, 1, 9),
      endsAt: at(now, 1, 10, 30),
      attendees: 8,
    },
    {
      uuid: randomUUID(),
      roomId: mala.id,
      tenantId: beta,
      createdBy: people.petrId,
      title: 'Pohovor',
      startsAt: at(now, 2, 14),
      endsAt: at(now, 2, 15),
      attendees: 2,
    },
    {
      uuid: randomUUID(),
      roomId: velka.id,
      tenantId: null,
      title: 'Školení',
      name: 'Karel Veřejný',
      email: 'karel.verejny@example.cz',
      startsAt: at(now, 3, 13),
      endsAt: at(now, 3, 15),
      cancelTokenHash: hashAccessCode(newCancelToken()),
    },
    {
      uuid: randomUUID(),
      roomId: karlinRoom.id,
      tenantId: beta,
      createdBy: people.janaId,
      title: 'Workshop',
      startsAt: at(now, -7, 9),
      endsAt: at(now, -7, 12),
      attendees: 25,
    },
    // A few more in the coming days, so the day and week views look like a building in use.
    {
      uuid: randomUUID(),
      roomId: velka.id,
      tenantId: beta,
      createdBy: people.petrId,
      title: 'Prezentace pro klienta',
      startsAt: at(now, 2, 13),
      endsAt: at(now, 2, 14, 30),
      attendees: 6,
    },
    {
      uuid: randomUUID(),
      roomId: mala.id,
      tenantId: alfa,
      createdBy: people.janaId,
      title: 'Týdenní porada týmu',
      startsAt: at(now, 4, 9),
      endsAt: at(now, 4, 10),
      attendees: 4,
    },
    {
      uuid: randomUUID(),
      roomId: karlinRoom.id,
      tenantId: null,
      title: 'Seminář',
      name: 'Lucie Veřejná',
      email: 'lucie.verejna@example.cz',
      startsAt: at(now, 5, 10),
      endsAt: at(now, 5, 12),
      cancelTokenHash: hashAccessCode(newCancelToken()),
    },
  ]);

  // ---- billing statements: paid, partly paid, unpaid and overdue; Alfa has a year of history
  // (more than one page of the portal's list). The operator is a VAT payer, so each statement
  // is a tax document; amounts include VAT (rent and electricity 21 %, heat and water 12 %).
  await setSupplier(tx, {
    name: 'Správa budov Praha, a.s.',
    street: 'Rohanské nábřeží 678/29',
    city: 'Praha 8',
    postalCode: '186 00',
    ico: '27468135',
    dic: 'CZ27468135',
    registration: 'Zapsaná v obchodním rejstříku vedeném Městským soudem v Praze, oddíl B, vložka 21357.',
    vatPayer: true,
  });
  await setTenantBilling(tx, alfa, {
    name: 'Alfa s.r.o.',
    street: 'Na Florenci 2116/15',
    city: 'Praha 1',
    postalCode: '110 00',
    ico: '28901541',
    dic: 'CZ28901541',
  });
  await setTenantBilling(tx, beta, {
    name: 'Beta Solutions a.s.',
    street: 'Křižíkova 148/34',
    city: 'Praha 8',
    postalCode: '186 00',
    ico: '05308127',
    dic: 'CZ05308127',
  });
  const statement = async (
    tenantId: string,
    buildingId: number,
    number: string,
    monthsAgo: number,
    items: Array<Pick<NewStatementItem, 'description' | 'amount' | 'vatRate'> & { quantity?: string; unit?: string }>,
    paid: 'full' | 'none' | { partly: string },
  ) => {
    const issued = new Date(now.getTime() - monthsAgo * 30 * DAY);
    const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
    await importStatement(
      tx,
      {
        tenantId,
        buildingId,
        number,
        periodFrom: dayOf(new Date(issued.getTime() - 30 * DAY)),
        periodTo: dayOf(new Date(issued.getTime() - DAY)),
        issuedOn: dayOf(issued),
        dueDate: dayOf(new Date(issued.getTime() + 14 * DAY)),
        paidAmount: paid === 'full' ? sumAmounts(items) : paid === 'none' ? '0.00' : paid.partly,
        paidOn: paid === 'none' ? null : dayOf(new Date(issued.getTime() + 10 * DAY)),
        variableSymbol: number.replace(/\D/g, '').slice(-10),
        constantSymbol: '0308',
        bankAccount: '2001234588/2010',
        iban: 'CZ6220100000002001234588',
      },
      items.map((item) => ({ ...item, quantity: item.quantity ?? null, unit: item.unit ?? null })),
    );
  };
  // Rent of 45 000 Kč and 62 000 Kč a month before VAT; electricity 6 Kč/kWh before VAT.
  const rent = { description: 'Nájemné kanceláře', quantity: '1', unit: 'měsíc', amount: '54450.00', vatRate: 21 };
  const betaRent = { ...rent, amount: '75020.00' };
  const electricity = (quantity: string, amount: string) => ({
    description: 'Elektřina',
    quantity,
    unit: 'kWh',
    amount,
    vatRate: 21,
  });
  const heat = (quantity: string, amount: string) => ({
    description: 'Teplo',
    quantity,
    unit: 'GJ',
    amount,
    vatRate: 12,
  });
  // A year back, all paid: Alfa's electricity varies with the season.
  const alfaKwh = ['1020.5', '1105.25', '1190', '1012.75', '905.5', '860', '845.25', '880.5', '932'];
  for (const [index, kwh] of alfaKwh.entries()) {
    // 7,26 Kč/kWh with VAT, in hellers so the amount is exact.
    const hellers = (BigInt(Math.round(Number(kwh) * 100)) * 726n + 50n) / 100n;
    const amount = `${hellers / 100n}.${String(hellers % 100n).padStart(2, '0')}`;
    const number = `20250001${String(index + 1).padStart(2, '0')}`;
    await statement(alfa, florenc.id, number, 11 - index, [rent, electricity(kwh, amount)], 'full');
  }
  await statement(alfa, florenc.id, '2026000101', 2, [rent, electricity('812.5', '5898.75')], 'full');
  // Unpaid past its due date: the portal marks it overdue.
  await statement(alfa, florenc.id, '2026000102', 1, [rent, electricity('790.25', '5737.22')], 'none');
  // The newest: every kind of line – two rates and an item outside VAT (late-payment interest).
  await statement(
    alfa,
    florenc.id,
    '2026000103',
    0,
    [
      rent,
      { description: 'Služby spojené s nájmem', amount: '3200.50', vatRate: 21 },
      { description: 'Vodné a stočné', quantity: '18.5', unit: 'm³', amount: '1748.25', vatRate: 12 },
      { description: 'Úrok z prodlení', amount: '152.30', vatRate: null },
    ],
    'none',
  );
  await statement(beta, karlin.id, '2026000200', 2, [betaRent, heat('6.1', '3965.00')], { partly: '75020.00' });
  await statement(beta, karlin.id, '2026000201', 1, [betaRent], 'full');
  await statement(beta, karlin.id, '2026000202', 0, [betaRent, heat('4.2', '2730.00')], 'none');

  // ---- meters with a year of readings (through the same rules as the API)
  await seedDemoMeters(
    tx,
    { tenants: { alfa, beta }, buildings: { florenc: florenc.id, karlin: karlin.id }, people },
    now,
  );

  // ---- a public support request with the operator's answer
  const request = await createPublicRequest(tx, {
    category: 'fault_report',
    name: 'Marie Kolemjdoucí',
    email: 'marie.kolemjdouci@example.cz',
    phone: null,
    subject: 'Nesvítí osvětlení u vchodu',
    message: 'Večer nesvítí světla u hlavního vchodu, je tam úplná tma.',
    status: 'in_progress',
    buildingId: florenc.id,
    location: 'hlavní vchod z ulice Na Florenci',
    accessCode: DEMO_PUBLIC_SUPPORT_CODE,
    createdAt: new Date(now.getTime() - 2 * DAY),
  });
  await addOperatorAnswer(tx, request.id, DEMO_STAFF, 'Děkujeme za upozornění, elektrikář je objednán na zítřek.', {
    notify: false,
    at: new Date(now.getTime() - DAY),
  });
}
