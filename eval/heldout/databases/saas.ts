/**
 * A small software-as-a-service business, as a product team would keep it: accounts (its customers, never
 * called that in the schema), plans, subscriptions that may be cancelled, invoices with due and paid dates,
 * support tickets assigned to staff, and staff with a self-referencing manager. Written for issue 38's
 * business words ("customers", "revenue", "still open", "paid late", "support agent") before the rules for
 * them were built, so that it checks whether those rules hold on a schema nobody tuned them for.
 */
import type Database from 'better-sqlite3';
import { insertRows, type CellValue, type HeldoutDatabase } from '../heldout-database';
import { daysBetween, isoDay, seededRandom } from '../seeded-random';

const schema = `
CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL, role TEXT NOT NULL, manager_id INTEGER REFERENCES staff(staff_id), hired_on TEXT NOT NULL);
CREATE TABLE plans (plan_id INTEGER PRIMARY KEY, plan_name TEXT NOT NULL, monthly_price REAL NOT NULL, seats_included INTEGER NOT NULL);
CREATE TABLE accounts (account_id INTEGER PRIMARY KEY, company_name TEXT NOT NULL, industry TEXT NOT NULL, country TEXT NOT NULL, signed_up_at TEXT NOT NULL, account_manager_id INTEGER REFERENCES staff(staff_id), is_active INTEGER NOT NULL);
CREATE TABLE subscriptions (subscription_id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(account_id), plan_id INTEGER NOT NULL REFERENCES plans(plan_id), started_at TEXT NOT NULL, cancelled_at TEXT, seats INTEGER NOT NULL);
CREATE TABLE invoices (invoice_id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(account_id), issued_on TEXT NOT NULL, due_on TEXT NOT NULL, paid_on TEXT, amount REAL NOT NULL, status TEXT NOT NULL);
CREATE TABLE tickets (ticket_id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(account_id), assigned_to INTEGER REFERENCES staff(staff_id), opened_at TEXT NOT NULL, closed_at TEXT, priority TEXT NOT NULL, subject TEXT NOT NULL);
`;

const staff: CellValue[][] = [
  [1, 'Maya', 'Brooks', 'Head of Sales', null, '2021-02-01'],
  [2, 'Omar', 'Haddad', 'Head of Support', null, '2021-05-17'],
  [3, 'Lena', 'Fischer', 'Account Manager', 1, '2022-03-07'],
  [4, 'Tariq', 'Bello', 'Account Manager', 1, '2023-01-09'],
  [5, 'Chloe', 'Martin', 'Account Manager', 1, '2024-06-03'],
  [6, 'Ravi', 'Menon', 'Support Agent', 2, '2022-08-22'],
  [7, 'Jonas', 'Berg', 'Support Agent', 2, '2023-04-11'],
  [8, 'Ana', 'Costa', 'Support Agent', 2, '2024-02-26'],
  [9, 'Kofi', 'Mensah', 'Support Agent', 2, '2025-01-13'],
];

/** [id, name, monthly price, seats included] */
const plans: [number, string, number, number][] = [
  [1, 'Starter', 29, 3],
  [2, 'Team', 99, 10],
  [3, 'Business', 299, 50],
  [4, 'Enterprise', 899, 250],
];

const COMPANIES = ['Northwind Labs', 'Bluefin Logistics', 'Copperleaf Dental', 'Harbor & Pine', 'Quillon Legal', 'Tessera Games', 'Marlow Bakeries', 'Vantage Realty', 'Orbit Fitness', 'Saltmarsh Brewing', 'Kestrel Analytics', 'Juniper Clinics', 'Brightwater Hotels', 'Fennel Foods', 'Granite Works', 'Lumen Architects', 'Pebble Toys', 'Redwood Insurance', 'Silverline Travel', 'Thistle Publishing', 'Umbra Security', 'Verity Accounting', 'Willow Schools', 'Yarrow Farms', 'Zephyr Air', 'Atlas Freight', 'Beacon Media', 'Cobalt Energy', 'Driftwood Cafe', 'Ember Studios', 'Foxglove Florists', 'Gull Marine', 'Hollow Oak Wines', 'Ironbark Tools', 'Jasper Jewellers', 'Kiln Ceramics'];
const INDUSTRIES = ['Retail', 'Healthcare', 'Logistics', 'Hospitality', 'Professional Services', 'Manufacturing'];
const COUNTRIES = ['United States', 'Germany', 'United Kingdom', 'France', 'Canada', 'Australia'];
const PRIORITIES = ['Low', 'Normal', 'Normal', 'High'];
const SUBJECTS = ['Cannot log in', 'Invoice question', 'Feature request', 'Data export fails', 'Add more seats', 'Slow dashboard', 'Password reset', 'Cancel my plan'];
const LAST_DAY = '2026-06-14';

interface Built {
  accounts: CellValue[][];
  subscriptions: CellValue[][];
  invoices: CellValue[][];
  tickets: CellValue[][];
}

function build(): Built {
  const random = seededRandom(3803);
  const accounts: CellValue[][] = [];
  const subscriptions: CellValue[][] = [];
  const invoices: CellValue[][] = [];
  const tickets: CellValue[][] = [];
  COMPANIES.forEach((company, index) => {
    const id = index + 1;
    const signedUp = isoDay('2024-01-08', random.int(0, daysBetween('2024-01-08', '2026-05-01')));
    // Lena has looked after accounts longest, so she has the most; Chloe joined last.
    const manager = random.chance(0.45) ? 3 : random.chance(0.6) ? 4 : 5;
    const plan = random.chance(0.35) ? 1 : random.chance(0.55) ? 2 : random.chance(0.7) ? 3 : 4;
    const seats = random.int(1, plans[plan - 1]![3]);
    const cancelled = random.chance(0.25) ? isoDay(signedUp, random.int(60, Math.max(61, daysBetween(signedUp, LAST_DAY)))) : null;
    const cancelledAt = cancelled !== null && cancelled <= LAST_DAY ? cancelled : null;
    subscriptions.push([subscriptions.length + 1, id, plan, signedUp, cancelledAt, seats]);
    // Some accounts moved up a plan: their first subscription ended when the second started.
    if (cancelledAt === null && plan < 4 && random.chance(0.2)) {
      const upgraded = isoDay(signedUp, random.int(30, Math.max(31, daysBetween(signedUp, LAST_DAY) - 1)));
      if (upgraded < LAST_DAY) {
        subscriptions[subscriptions.length - 1]![4] = upgraded;
        subscriptions.push([subscriptions.length + 1, id, plan + 1, upgraded, null, Math.min(seats + 5, plans[plan]![3])]);
      }
    }
    const end = cancelledAt ?? LAST_DAY;
    for (let issued = isoDay(signedUp, 30); issued <= end; issued = isoDay(issued, 30 + random.int(0, 2))) {
      const due = isoDay(issued, 14);
      const recent = daysBetween(issued, LAST_DAY) < 20;
      const unpaid = recent || random.chance(0.06);
      const paid = unpaid ? null : isoDay(issued, random.chance(0.2) ? random.int(15, 40) : random.int(1, 14));
      const amount = Math.round((plans[plan - 1]![2] + seats * 4.5) * 100) / 100;
      invoices.push([invoices.length + 1, id, issued, due, paid, amount, paid === null ? 'open' : 'paid']);
    }
    accounts.push([id, company, random.pick(INDUSTRIES), random.pick(COUNTRIES), signedUp, manager, cancelledAt === null ? 1 : 0]);
    // Every fifth account never raised a ticket.
    const ticketCount = id % 5 === 0 ? 0 : random.int(1, 6);
    for (let n = 0; n < ticketCount; n++) {
      const opened = isoDay(signedUp, random.int(1, Math.max(2, daysBetween(signedUp, LAST_DAY))));
      const open = daysBetween(opened, LAST_DAY) < 10 || random.chance(0.08);
      const closed = open ? null : isoDay(opened, random.int(0, 9));
      const agent = random.chance(0.4) ? 6 : random.chance(0.5) ? 7 : random.chance(0.6) ? 8 : 9;
      tickets.push([0, id, agent, opened, closed !== null && closed > LAST_DAY ? null : closed, random.pick(PRIORITIES), random.pick(SUBJECTS)]);
    }
  });
  // Ticket ids follow the order they were opened in.
  tickets.sort((a, b) => String(a[3]).localeCompare(String(b[3])) || Number(a[1]) - Number(b[1]));
  tickets.forEach((row, index) => (row[0] = index + 1));
  return { accounts, subscriptions, invoices, tickets };
}

export const saas: HeldoutDatabase = {
  name: 'saas',
  schema,
  fill(db: Database.Database): void {
    const built = build();
    insertRows(db, 'staff', ['staff_id', 'first_name', 'last_name', 'role', 'manager_id', 'hired_on'], staff);
    insertRows(db, 'plans', ['plan_id', 'plan_name', 'monthly_price', 'seats_included'], plans);
    insertRows(db, 'accounts', ['account_id', 'company_name', 'industry', 'country', 'signed_up_at', 'account_manager_id', 'is_active'], built.accounts);
    insertRows(db, 'subscriptions', ['subscription_id', 'account_id', 'plan_id', 'started_at', 'cancelled_at', 'seats'], built.subscriptions);
    insertRows(db, 'invoices', ['invoice_id', 'account_id', 'issued_on', 'due_on', 'paid_on', 'amount', 'status'], built.invoices);
    insertRows(db, 'tickets', ['ticket_id', 'account_id', 'assigned_to', 'opened_at', 'closed_at', 'priority', 'subject'], built.tickets);
  },
};
