-- Data of a database at migration 0003_reservation_exclusion (demo seed), made by make-fixture.ts.
--
-- PostgreSQL database dump
--


-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Data for Name: buildings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.buildings (id, name, street, city, postal_code, created_at) VALUES (1, 'Kancelářský dům Florenc', 'Na Florenci 2116/15', 'Praha 1', '110 00', '2026-11-22 08:04:22.16552+00');
INSERT INTO public.buildings (id, name, street, city, postal_code, created_at) VALUES (2, 'Karlín Business Center', 'Křižíkova 148/34', 'Praha 8', '186 00', '2026-11-22 08:04:22.16552+00');
INSERT INTO public.buildings (id, name, street, city, postal_code, created_at) VALUES (3, 'Smíchov Gate', 'Plzeňská 3217/16', 'Praha 5', '150 00', '2026-11-22 08:04:22.16552+00');


--
-- Data for Name: tenants; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.tenants (id, name, created_at) VALUES ('5f0c6a8e-1d2b-4c3a-9e4f-7a8b9c0d1e2f', 'Kancelářský dům Florenc – Alfa s.r.o.', '2026-11-22 08:04:22.16552+00');
INSERT INTO public.tenants (id, name, created_at) VALUES ('b3e1d7a2-6c4f-4e8b-a1d9-2f3e4a5b6c7d', 'Beta Solutions a.s.', '2026-11-22 08:04:22.16552+00');


--
-- Data for Name: billing_statements; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.billing_statements (id, tenant_id, building_id, number, period_from, period_to, issued_on, due_date, total_amount, paid_amount, paid_on, variable_symbol, constant_symbol, bank_account, iban, pdf_storage_key, created_at) VALUES (1, '5f0c6a8e-1d2b-4c3a-9e4f-7a8b9c0d1e2f', 1, '2026000101', '2026-08-24', '2026-09-22', '2026-09-23', '2026-10-07', 49875.00, 49875.00, '2026-10-03', '2026000101', '0308', '2001234567/2010', 'CZ6520100000002001234567', NULL, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.billing_statements (id, tenant_id, building_id, number, period_from, period_to, issued_on, due_date, total_amount, paid_amount, paid_on, variable_symbol, constant_symbol, bank_account, iban, pdf_storage_key, created_at) VALUES (2, '5f0c6a8e-1d2b-4c3a-9e4f-7a8b9c0d1e2f', 1, '2026000102', '2026-09-23', '2026-10-22', '2026-10-23', '2026-11-06', 49741.50, 49741.50, '2026-11-02', '2026000102', '0308', '2001234567/2010', 'CZ6520100000002001234567', NULL, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.billing_statements (id, tenant_id, building_id, number, period_from, period_to, issued_on, due_date, total_amount, paid_amount, paid_on, variable_symbol, constant_symbol, bank_account, iban, pdf_storage_key, created_at) VALUES (3, '5f0c6a8e-1d2b-4c3a-9e4f-7a8b9c0d1e2f', 1, '2026000103', '2026-10-23', '2026-11-21', '2026-11-22', '2026-12-06', 48200.50, 0.00, NULL, '2026000103', '0308', '2001234567/2010', 'CZ6520100000002001234567', NULL, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.billing_statements (id, tenant_id, building_id, number, period_from, period_to, issued_on, due_date, total_amount, paid_amount, paid_on, variable_symbol, constant_symbol, bank_account, iban, pdf_storage_key, created_at) VALUES (4, 'b3e1d7a2-6c4f-4e8b-a1d9-2f3e4a5b6c7d', 2, '2026000201', '2026-09-23', '2026-10-22', '2026-10-23', '2026-11-06', 62000.00, 62000.00, '2026-11-02', '2026000201', '0308', '2001234567/2010', 'CZ6520100000002001234567', NULL, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.billing_statements (id, tenant_id, building_id, number, period_from, period_to, issued_on, due_date, total_amount, paid_amount, paid_on, variable_symbol, constant_symbol, bank_account, iban, pdf_storage_key, created_at) VALUES (5, 'b3e1d7a2-6c4f-4e8b-a1d9-2f3e4a5b6c7d', 2, '2026000202', '2026-10-23', '2026-11-21', '2026-11-22', '2026-12-06', 64730.00, 0.00, NULL, '2026000202', '0308', '2001234567/2010', 'CZ6520100000002001234567', NULL, '2026-11-22 08:04:22.16552+00');


--
-- Data for Name: billing_items; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.billing_items (id, statement_id, "position", description, quantity, unit, amount) VALUES (1, 1, 0, 'Nájemné kanceláře', 1.000, 'měsíc', 45000.00);
INSERT INTO public.billing_items (id, statement_id, "position", description, quantity, unit, amount) VALUES (2, 1, 1, 'Elektřina', 812.500, 'kWh', 4875.00);
INSERT INTO public.billing_items (id, statement_id, "position", description, quantity, unit, amount) VALUES (3, 2, 0, 'Nájemné kanceláře', 1.000, 'měsíc', 45000.00);
INSERT INTO public.billing_items (id, statement_id, "position", description, quantity, unit, amount) VALUES (4, 2, 1, 'Elektřina', 790.250, 'kWh', 4741.50);
INSERT INTO public.billing_items (id, statement_id, "position", description, quantity, unit, amount) VALUES (5, 3, 0, 'Nájemné kanceláře', 1.000, 'měsíc', 45000.00);
INSERT INTO public.billing_items (id, statement_id, "position", description, quantity, unit, amount) VALUES (6, 3, 1, 'Služby spojené s nájmem', NULL, NULL, 3200.50);
INSERT INTO public.billing_items (id, statement_id, "position", description, quantity, unit, amount) VALUES (7, 4, 0, 'Nájemné kanceláře', 1.000, 'měsíc', 62000.00);
INSERT INTO public.billing_items (id, statement_id, "position", description, quantity, unit, amount) VALUES (8, 5, 0, 'Nájemné kanceláře', 1.000, 'měsíc', 62000.00);
INSERT INTO public.billing_items (id, statement_id, "position", description, quantity, unit, amount) VALUES (9, 5, 1, 'Teplo', 4.200, 'GJ', 2730.00);


--
-- Data for Name: idempotency_keys; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: maintenance_events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.maintenance_events (id, building_id, title, description, category, visibility, starts_at, ends_at, created_at, updated_at) VALUES (1, 1, 'Odstávka teplé vody', 'Z důvodu čištění výměníku nepoteče teplá voda.', 'water', 'public', '2026-11-27 07:00:00+00', '2026-11-27 13:00:00+00', '2026-11-22 08:04:22.16552+00', '2026-11-22 08:04:22.16552+00');
INSERT INTO public.maintenance_events (id, building_id, title, description, category, visibility, starts_at, ends_at, created_at, updated_at) VALUES (2, 1, 'Revize výtahů', 'Výtahy A a B budou postupně mimo provoz.', 'elevator', 'tenant_only', '2026-12-04 08:00:00+00', '2026-12-04 11:00:00+00', '2026-11-22 08:04:22.16552+00', '2026-11-22 08:04:22.16552+00');
INSERT INTO public.maintenance_events (id, building_id, title, description, category, visibility, starts_at, ends_at, created_at, updated_at) VALUES (3, 2, 'Výpadek internetu', 'Poskytovatel mění páteřní zařízení.', 'internet', 'tenant_only', '2026-11-25 21:00:00+00', NULL, '2026-11-22 08:04:22.16552+00', '2026-11-22 08:04:22.16552+00');
INSERT INTO public.maintenance_events (id, building_id, title, description, category, visibility, starts_at, ends_at, created_at, updated_at) VALUES (4, 3, 'Odstávka elektřiny', 'Plánovaná údržba rozvodny PRE.', 'electricity', 'public', '2026-11-12 06:00:00+00', '2026-11-12 14:00:00+00', '2026-11-22 08:04:22.16552+00', '2026-11-22 08:04:22.16552+00');


--
-- Data for Name: meeting_rooms; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.meeting_rooms (id, building_id, name, floor, capacity, equipment, description, photo_url, public_booking, opening_time, closing_time, slot_minutes, max_duration_minutes, created_at) VALUES (1, 1, 'Velká zasedačka', '1. patro', 12, '["Projektor", "Videokonference", "Flipchart"]', 'Prosklená místnost s výhledem na Florenc.', NULL, true, '08:00', '18:00', 30, 240, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.meeting_rooms (id, building_id, name, floor, capacity, equipment, description, photo_url, public_booking, opening_time, closing_time, slot_minutes, max_duration_minutes, created_at) VALUES (2, 1, 'Malá zasedačka', '3. patro', 4, '["Televize"]', 'Jen pro nájemce budovy.', NULL, false, '08:00', '18:00', 30, 240, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.meeting_rooms (id, building_id, name, floor, capacity, equipment, description, photo_url, public_booking, opening_time, closing_time, slot_minutes, max_duration_minutes, created_at) VALUES (3, 2, 'Konferenční sál Karlín', 'přízemí', 40, '["Projektor", "Ozvučení"]', NULL, NULL, true, '07:00', '20:00', 60, 480, '2026-11-22 08:04:22.16552+00');


--
-- Data for Name: meters; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.meters (id, tenant_id, building_id, serial_number, kind, unit, location, created_at) VALUES (1, '5f0c6a8e-1d2b-4c3a-9e4f-7a8b9c0d1e2f', 1, 'EL-FL-3050', 'electricity', 'kWh', '3. patro, rozvaděč R3', '2026-11-22 08:04:22.16552+00');
INSERT INTO public.meters (id, tenant_id, building_id, serial_number, kind, unit, location, created_at) VALUES (2, '5f0c6a8e-1d2b-4c3a-9e4f-7a8b9c0d1e2f', 1, 'VS-FL-3051', 'water_cold', 'm3', 'kuchyňka 3.05', '2026-11-22 08:04:22.16552+00');
INSERT INTO public.meters (id, tenant_id, building_id, serial_number, kind, unit, location, created_at) VALUES (3, 'b3e1d7a2-6c4f-4e8b-a1d9-2f3e4a5b6c7d', 2, 'TP-KA-2140', 'heat', 'GJ', 'sklep, místnost 0.12', '2026-11-22 08:04:22.16552+00');


--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.users (id, email, password_hash, first_name, last_name, phone, is_active, created_at, is_staff) VALUES (1, 'jana.novakova@example.cz', '$scrypt$ln=15,r=8,p=1$I7Gc9mdKV26UJ2vqfZBl5Q$OE/rfsmbWY20lo9NJtj4r/FIKq0oI1N86Fc88WfW0RU', 'Jana', 'Nováková', '+420 601 234 567', true, '2026-11-22 08:04:22.16552+00', false);
INSERT INTO public.users (id, email, password_hash, first_name, last_name, phone, is_active, created_at, is_staff) VALUES (2, 'petr.svoboda@example.cz', '$scrypt$ln=15,r=8,p=1$i83HiFQxlSbtiV4D6ZfwbA$XF7aG5QVayaW/mw/3lQo9w1fJQsdhnXo0GxhXQ0qZJM', 'Petr', 'Svoboda', NULL, true, '2026-11-22 08:04:22.16552+00', false);
INSERT INTO public.users (id, email, password_hash, first_name, last_name, phone, is_active, created_at, is_staff) VALUES (3, 'tomas.dvorak@sprava.example.cz', '$scrypt$ln=15,r=8,p=1$56lLc/NRe7idVlo+zVCQsg$9tqo7hSXHVdz/LNyjlT3FaY21QXPEagp2RnaaIE4t68', 'Tomáš', 'Dvořák', NULL, true, '2026-11-22 08:04:22.16552+00', true);


--
-- Data for Name: password_reset_tokens; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: public_support_requests; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.public_support_requests (id, category, name, email, phone, subject, status, building_id, location, access_code_hash, created_at, updated_at, anonymised_at) VALUES (1, 'fault_report', 'Marie Kolemjdoucí', 'marie.kolemjdouci@example.cz', NULL, 'Nesvítí osvětlení u vchodu', 'in_progress', 1, 'hlavní vchod z ulice Na Florenci', '0ba839e806b320f14c1381f2d8888d2dcf612570819a38d9a53abf16fd98971b', '2026-11-20 08:04:22.174+00', '2026-11-21 08:04:22.174+00', NULL);


--
-- Data for Name: public_support_messages; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.public_support_messages (id, request_id, author_role, author_name, body, created_at) VALUES (1, 1, 'visitor', NULL, 'Večer nesvítí světla u hlavního vchodu, je tam úplná tma.', '2026-11-20 08:04:22.174+00');
INSERT INTO public.public_support_messages (id, request_id, author_role, author_name, body, created_at) VALUES (2, 1, 'operator', 'Tomáš Dvořák', 'Děkujeme za upozornění, elektrikář je objednán na zítřek.', '2026-11-21 08:04:22.174+00');


--
-- Data for Name: rate_limit_events; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: readings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.readings (id, meter_id, value, note, reason, read_at, submitted_by, previous_value, consumption, implausible_jump, created_at) VALUES (1, 1, 10230.500, 'Počáteční stav', NULL, '2026-07-25 08:00:00+00', 1, NULL, NULL, false, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.readings (id, meter_id, value, note, reason, read_at, submitted_by, previous_value, consumption, implausible_jump, created_at) VALUES (2, 1, 11042.000, NULL, NULL, '2026-08-24 08:00:00+00', 1, 10230.500, 811.500, false, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.readings (id, meter_id, value, note, reason, read_at, submitted_by, previous_value, consumption, implausible_jump, created_at) VALUES (3, 1, 11832.250, NULL, NULL, '2026-09-23 08:00:00+00', 1, 11042.000, 790.250, false, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.readings (id, meter_id, value, note, reason, read_at, submitted_by, previous_value, consumption, implausible_jump, created_at) VALUES (4, 1, 12650.000, NULL, NULL, '2026-10-23 08:00:00+00', 1, 11832.250, 817.750, false, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.readings (id, meter_id, value, note, reason, read_at, submitted_by, previous_value, consumption, implausible_jump, created_at) VALUES (5, 2, 512.120, 'Počáteční stav', NULL, '2026-08-24 08:00:00+00', 1, NULL, NULL, false, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.readings (id, meter_id, value, note, reason, read_at, submitted_by, previous_value, consumption, implausible_jump, created_at) VALUES (6, 2, 518.400, NULL, NULL, '2026-09-23 08:00:00+00', 1, 512.120, 6.280, false, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.readings (id, meter_id, value, note, reason, read_at, submitted_by, previous_value, consumption, implausible_jump, created_at) VALUES (7, 2, 524.950, NULL, NULL, '2026-10-23 08:00:00+00', 1, 518.400, 6.550, false, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.readings (id, meter_id, value, note, reason, read_at, submitted_by, previous_value, consumption, implausible_jump, created_at) VALUES (8, 3, 88.200, 'Počáteční stav', NULL, '2026-08-24 08:00:00+00', 2, NULL, NULL, false, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.readings (id, meter_id, value, note, reason, read_at, submitted_by, previous_value, consumption, implausible_jump, created_at) VALUES (9, 3, 92.600, NULL, NULL, '2026-09-23 08:00:00+00', 2, 88.200, 4.400, false, '2026-11-22 08:04:22.16552+00');
INSERT INTO public.readings (id, meter_id, value, note, reason, read_at, submitted_by, previous_value, consumption, implausible_jump, created_at) VALUES (10, 3, 97.100, NULL, NULL, '2026-10-23 08:00:00+00', 2, 92.600, 4.500, false, '2026-11-22 08:04:22.16552+00');


--
-- Data for Name: refresh_tokens; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: reservations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.reservations (id, uuid, room_id, tenant_id, created_by, title, starts_at, ends_at, attendees, note, name, email, phone, cancel_token_hash, status, created_at, cancelled_at, anonymised_at) VALUES (1, '439d906d-41ed-4354-9391-2713afdf1716', 1, '5f0c6a8e-1d2b-4c3a-9e4f-7a8b9c0d1e2f', 1, 'Porada vedení', '2026-11-23 08:00:00+00', '2026-11-23 09:30:00+00', 8, NULL, NULL, NULL, NULL, NULL, 'confirmed', '2026-11-22 08:04:22.16552+00', NULL, NULL);
INSERT INTO public.reservations (id, uuid, room_id, tenant_id, created_by, title, starts_at, ends_at, attendees, note, name, email, phone, cancel_token_hash, status, created_at, cancelled_at, anonymised_at) VALUES (2, 'bd0acf34-bf14-4592-94d6-459203e5a276', 2, 'b3e1d7a2-6c4f-4e8b-a1d9-2f3e4a5b6c7d', 2, 'Pohovor', '2026-11-24 13:00:00+00', '2026-11-24 14:00:00+00', 2, NULL, NULL, NULL, NULL, NULL, 'confirmed', '2026-11-22 08:04:22.16552+00', NULL, NULL);
INSERT INTO public.reservations (id, uuid, room_id, tenant_id, created_by, title, starts_at, ends_at, attendees, note, name, email, phone, cancel_token_hash, status, created_at, cancelled_at, anonymised_at) VALUES (3, '3dfb321c-62ac-408a-b839-2499ee682a82', 1, NULL, NULL, 'Školení', '2026-11-25 12:00:00+00', '2026-11-25 14:00:00+00', NULL, NULL, 'Karel Veřejný', 'karel.verejny@example.cz', NULL, '80a7ddfdd50d956291791d82baced626f2566b010e0dcd6d44908dcc2ba92ab3', 'confirmed', '2026-11-22 08:04:22.16552+00', NULL, NULL);
INSERT INTO public.reservations (id, uuid, room_id, tenant_id, created_by, title, starts_at, ends_at, attendees, note, name, email, phone, cancel_token_hash, status, created_at, cancelled_at, anonymised_at) VALUES (4, 'ddd4a579-aa3a-4052-a639-38e292e3f877', 3, 'b3e1d7a2-6c4f-4e8b-a1d9-2f3e4a5b6c7d', 1, 'Workshop', '2026-11-15 08:00:00+00', '2026-11-15 11:00:00+00', 25, NULL, NULL, NULL, NULL, NULL, 'confirmed', '2026-11-22 08:04:22.16552+00', NULL, NULL);


--
-- Data for Name: support_tickets; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.support_tickets (id, tenant_id, building_id, reporter_id, assignee_id, subject, description, priority, status, contact_phone, resolution, created_at, updated_at) VALUES (1, '5f0c6a8e-1d2b-4c3a-9e4f-7a8b9c0d1e2f', 1, 1, 3, 'Nefunguje klimatizace v zasedačce 3.02', 'Od pondělí nefouká studený vzduch, v místnosti je přes 28 °C.', 'high', 'in_progress', NULL, NULL, '2026-11-16 08:04:22.174+00', '2026-11-16 13:04:22.174+00');
INSERT INTO public.support_tickets (id, tenant_id, building_id, reporter_id, assignee_id, subject, description, priority, status, contact_phone, resolution, created_at, updated_at) VALUES (2, '5f0c6a8e-1d2b-4c3a-9e4f-7a8b9c0d1e2f', 1, 1, NULL, 'Prasklá žárovka na chodbě ve 3. patře', 'Na chodbě u výtahu nesvítí jedno světlo.', 'low', 'closed', '+420 777 123 456', 'Žárovka byla vyměněna, vše svítí.', '2026-11-02 08:04:22.174+00', '2026-11-03 14:04:22.174+00');
INSERT INTO public.support_tickets (id, tenant_id, building_id, reporter_id, assignee_id, subject, description, priority, status, contact_phone, resolution, created_at, updated_at) VALUES (3, '5f0c6a8e-1d2b-4c3a-9e4f-7a8b9c0d1e2f', 1, 1, NULL, 'Objednávka úklidu po stěhování', 'Prosíme o mimořádný úklid kanceláře 3.05 po stěhování nábytku.', 'standard', 'open', NULL, NULL, '2026-11-21 08:04:22.174+00', '2026-11-21 08:04:22.174+00');
INSERT INTO public.support_tickets (id, tenant_id, building_id, reporter_id, assignee_id, subject, description, priority, status, contact_phone, resolution, created_at, updated_at) VALUES (4, 'b3e1d7a2-6c4f-4e8b-a1d9-2f3e4a5b6c7d', 2, 2, 3, 'Teče voda z radiátoru', 'V kanceláři 2.14 kape voda z ventilu radiátoru na podlahu.', 'critical', 'in_progress', NULL, NULL, '2026-11-20 08:04:22.174+00', '2026-11-20 11:04:22.174+00');
INSERT INTO public.support_tickets (id, tenant_id, building_id, reporter_id, assignee_id, subject, description, priority, status, contact_phone, resolution, created_at, updated_at) VALUES (5, 'b3e1d7a2-6c4f-4e8b-a1d9-2f3e4a5b6c7d', 1, 1, NULL, 'Nová přístupová karta pro kolegu', 'Prosíme o vydání přístupové karty pro nového zaměstnance.', 'standard', 'resolved', NULL, NULL, '2026-11-13 08:04:22.174+00', '2026-11-14 08:04:22.174+00');


--
-- Data for Name: tenant_access; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.tenant_access (user_id, tenant_id, created_at) VALUES (1, '5f0c6a8e-1d2b-4c3a-9e4f-7a8b9c0d1e2f', '2026-11-22 08:04:22.16552+00');
INSERT INTO public.tenant_access (user_id, tenant_id, created_at) VALUES (1, 'b3e1d7a2-6c4f-4e8b-a1d9-2f3e4a5b6c7d', '2026-11-22 08:04:22.16552+00');
INSERT INTO public.tenant_access (user_id, tenant_id, created_at) VALUES (2, 'b3e1d7a2-6c4f-4e8b-a1d9-2f3e4a5b6c7d', '2026-11-22 08:04:22.16552+00');


--
-- Data for Name: tenant_buildings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.tenant_buildings (tenant_id, building_id) VALUES ('5f0c6a8e-1d2b-4c3a-9e4f-7a8b9c0d1e2f', 1);
INSERT INTO public.tenant_buildings (tenant_id, building_id) VALUES ('b3e1d7a2-6c4f-4e8b-a1d9-2f3e4a5b6c7d', 1);
INSERT INTO public.tenant_buildings (tenant_id, building_id) VALUES ('b3e1d7a2-6c4f-4e8b-a1d9-2f3e4a5b6c7d', 2);


--
-- Data for Name: ticket_attachments; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.ticket_attachments (id, ticket_id, file_name, content_type, size, storage_key, uploaded_by, created_at) VALUES (1, 1, 'teplomer-zasedacka-3-02.png', 'image/png', 202, '17febe0c6d25fe95f2e5c03e33b41915', 1, '2026-11-16 08:09:22.174+00');


--
-- Data for Name: ticket_timeline; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.ticket_timeline (id, ticket_id, type, author_id, author_role, body, from_value, to_value, created_at) VALUES (1, 1, 'assignment', 3, 'operator', NULL, NULL, 'Tomáš Dvořák', '2026-11-16 10:04:22.174+00');
INSERT INTO public.ticket_timeline (id, ticket_id, type, author_id, author_role, body, from_value, to_value, created_at) VALUES (2, 1, 'status_change', 3, 'operator', NULL, 'open', 'in_progress', '2026-11-16 10:04:22.174+00');
INSERT INTO public.ticket_timeline (id, ticket_id, type, author_id, author_role, body, from_value, to_value, created_at) VALUES (3, 1, 'priority_change', 3, 'operator', NULL, 'standard', 'high', '2026-11-16 11:04:22.174+00');
INSERT INTO public.ticket_timeline (id, ticket_id, type, author_id, author_role, body, from_value, to_value, created_at) VALUES (4, 1, 'comment', 3, 'operator', 'Technik přijde ve čtvrtek dopoledne, prosíme o zpřístupnění místnosti.', NULL, NULL, '2026-11-16 12:04:22.174+00');
INSERT INTO public.ticket_timeline (id, ticket_id, type, author_id, author_role, body, from_value, to_value, created_at) VALUES (5, 1, 'comment', 1, 'tenant', 'Děkujeme, místnost bude odemčená.', NULL, NULL, '2026-11-16 13:04:22.174+00');
INSERT INTO public.ticket_timeline (id, ticket_id, type, author_id, author_role, body, from_value, to_value, created_at) VALUES (6, 2, 'status_change', 3, 'operator', NULL, 'open', 'resolved', '2026-11-03 04:04:22.174+00');
INSERT INTO public.ticket_timeline (id, ticket_id, type, author_id, author_role, body, from_value, to_value, created_at) VALUES (7, 2, 'comment', 3, 'operator', 'Žárovka vyměněna.', NULL, NULL, '2026-11-03 04:04:22.174+00');
INSERT INTO public.ticket_timeline (id, ticket_id, type, author_id, author_role, body, from_value, to_value, created_at) VALUES (8, 2, 'status_change', 1, 'tenant', NULL, 'resolved', 'closed', '2026-11-03 14:04:22.174+00');
INSERT INTO public.ticket_timeline (id, ticket_id, type, author_id, author_role, body, from_value, to_value, created_at) VALUES (9, 4, 'assignment', 3, 'operator', NULL, NULL, 'Tomáš Dvořák', '2026-11-20 09:04:22.174+00');
INSERT INTO public.ticket_timeline (id, ticket_id, type, author_id, author_role, body, from_value, to_value, created_at) VALUES (10, 4, 'status_change', NULL, 'system', NULL, 'open', 'in_progress', '2026-11-20 09:04:22.174+00');
INSERT INTO public.ticket_timeline (id, ticket_id, type, author_id, author_role, body, from_value, to_value, created_at) VALUES (11, 4, 'comment', 3, 'operator', 'Ventil jsme provizorně uzavřeli, výměna zítra.', NULL, NULL, '2026-11-20 11:04:22.174+00');
INSERT INTO public.ticket_timeline (id, ticket_id, type, author_id, author_role, body, from_value, to_value, created_at) VALUES (12, 5, 'status_change', 3, 'operator', NULL, 'open', 'resolved', '2026-11-14 08:04:22.174+00');
INSERT INTO public.ticket_timeline (id, ticket_id, type, author_id, author_role, body, from_value, to_value, created_at) VALUES (13, 5, 'comment', 3, 'operator', 'Karta je připravena na recepci.', NULL, NULL, '2026-11-14 08:04:22.174+00');


--
-- Name: billing_items_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.billing_items_id_seq', 9, true);


--
-- Name: billing_statements_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.billing_statements_id_seq', 5, true);


--
-- Name: buildings_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.buildings_id_seq', 3, true);


--
-- Name: idempotency_keys_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.idempotency_keys_id_seq', 1, false);


--
-- Name: maintenance_events_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.maintenance_events_id_seq', 4, true);


--
-- Name: meeting_rooms_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.meeting_rooms_id_seq', 3, true);


--
-- Name: meters_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.meters_id_seq', 3, true);


--
-- Name: password_reset_tokens_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.password_reset_tokens_id_seq', 1, false);


--
-- Name: public_support_messages_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.public_support_messages_id_seq', 2, true);


--
-- Name: public_support_requests_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.public_support_requests_id_seq', 1, true);


--
-- Name: rate_limit_events_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.rate_limit_events_id_seq', 1, false);


--
-- Name: readings_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.readings_id_seq', 10, true);


--
-- Name: reservations_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.reservations_id_seq', 4, true);


--
-- Name: support_tickets_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.support_tickets_id_seq', 5, true);


--
-- Name: ticket_attachments_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.ticket_attachments_id_seq', 1, true);


--
-- Name: ticket_timeline_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.ticket_timeline_id_seq', 13, true);


--
-- Name: users_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.users_id_seq', 3, true);


--
-- PostgreSQL database dump complete
--


