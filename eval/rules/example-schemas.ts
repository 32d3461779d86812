/**
 * The small schemas the rules' examples are read against (core's nl/kernel/rule.ts names them). Each is a
 * SQLite database written here, introspected as a new user's would be. "atlas" and "firm" repeat "world"
 * and "company" under other names, so a counter-example can be checked on two schemas that differ in names.
 */
import type { ExampleSchema } from '@askdata/core';

const rows = (table: string, values: readonly string[]): string => `INSERT INTO ${table} VALUES ${values.join(',')}`;

export const EXAMPLE_SCHEMAS: Readonly<Record<ExampleSchema, readonly string[]>> = {
  shop: [
    'CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT, city TEXT, state TEXT)',
    'CREATE TABLE products (product_id INTEGER PRIMARY KEY, name TEXT, category TEXT, brand TEXT, price REAL, discontinued INTEGER)',
    'CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id), product_id INTEGER REFERENCES products(product_id), order_date TEXT, quantity INTEGER, revenue REAL, discount REAL)',
    rows('customers', ["(1,'Ada Park','Boston','MA')", "(2,'Ben Cho','Austin','TX')", "(3,'Cleo Diaz','Boston','MA')", "(4,'Dev Rao','Dallas','TX')"]),
    rows('products', ["(1,'Aero 13','Laptop','Acme',1200,0)", "(2,'Slate 10','Tablet','Acme',450,0)", "(3,'Ring X','Phone','Bolt',800,1)", "(4,'Oak Desk','Table','Woodco',300,0)", "(5,'Aero 15','Laptop','Acme',1500,0)", "(6,'Bar Chart Poster','Poster','Printco',20,0)"]),
    rows('orders', [
      "(1,1,1,'2026-05-03',1,1200,0)", "(2,2,2,'2026-05-10',2,900,50)", "(3,3,3,'2026-06-01',1,800,0)", "(4,1,5,'2026-06-02',1,1500,100)",
      "(5,4,4,'2026-04-20',3,900,0)", "(6,2,1,'2025-11-11',1,1200,0)", "(7,3,2,'2026-06-10',1,450,0)", "(8,4,6,'2026-06-12',5,100,0)",
    ]),
    // A free-text "details" column, which people also call "information" (lex/details-aliases.ts).
    'CREATE TABLE supplier (supplier_id INTEGER PRIMARY KEY, supplier_name TEXT, supplier_details TEXT)',
    rows('supplier', ["(1,'Acme Parts','ships weekly')", "(2,'Bolt Works','ships monthly')"]),
    // Acronym columns ("MPG" spelt out as "miles per gallon"; "ID" is never spelt out by two chance words).
    'CREATE TABLE vehicle (ID INTEGER PRIMARY KEY, model TEXT, MPG REAL)',
    rows('vehicle', ["(1,'Roadster',31.5)", "(2,'Hauler',18)", "(3,'Dasher',40)"]),
  ],
  world: [
    'CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT, continent TEXT, surface_area REAL, population INTEGER, code2 TEXT)',
    'CREATE TABLE city (id INTEGER PRIMARY KEY, name TEXT, country_code TEXT REFERENCES country(code), population INTEGER)',
    rows('country', ["('IND','India','Asia',3287263,1400000000,'IN')", "('ISL','Iceland','Europe',103000,370000,'IS')", "('AUT','Austria','Europe',83871,9000000,'AT')", "('NOR','Norway','Europe',385207,5400000,'NO')", "('FRA','France','Europe',551695,68000000,'FR')", "('JPN','Japan','Asia',377975,125000000,'JP')"]),
    rows('city', ["(1,'Mumbai','IND',12400000)", "(2,'Reykjavik','ISL',130000)", "(3,'Vienna','AUT',1900000)", "(4,'Oslo','NOR',700000)", "(5,'Paris','FRA',2100000)", "(6,'Tokyo','JPN',13900000)"]),
  ],
  atlas: [
    'CREATE TABLE nation (iso TEXT PRIMARY KEY, title TEXT, region TEXT, land_area REAL, inhabitants INTEGER, iso2 TEXT)',
    'CREATE TABLE town (town_id INTEGER PRIMARY KEY, town_name TEXT, nation_iso TEXT REFERENCES nation(iso), inhabitants INTEGER)',
    rows('nation', ["('IND','India','Asia',3287263,1400000000,'IN')", "('ISL','Iceland','Europe',103000,370000,'IS')", "('AUT','Austria','Europe',83871,9000000,'AT')", "('NOR','Norway','Europe',385207,5400000,'NO')", "('FRA','France','Europe',551695,68000000,'FR')", "('JPN','Japan','Asia',377975,125000000,'JP')"]),
    rows('town', ["(1,'Mumbai','IND',12400000)", "(2,'Reykjavik','ISL',130000)", "(3,'Vienna','AUT',1900000)", "(4,'Oslo','NOR',700000)"]),
    'CREATE TABLE engine (ID INTEGER PRIMARY KEY, engine_name TEXT, RPM INTEGER)',
    rows('engine', ["(1,'Dart',6000)", "(2,'Diesel One',3500)", "(3,'Mako',7200)"]),
  ],
  music: [
    'CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INTEGER, song_name TEXT, is_male INTEGER)',
    'CREATE TABLE stadium (stadium_id INTEGER PRIMARY KEY, name TEXT, location TEXT, capacity INTEGER, opening_year INTEGER)',
    'CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, concert_name TEXT, stadium_id INTEGER REFERENCES stadium(stadium_id), year TEXT)',
    'CREATE TABLE singer_in_concert (concert_id INTEGER REFERENCES concert(concert_id), singer_id INTEGER REFERENCES singer(singer_id), PRIMARY KEY (concert_id, singer_id))',
    rows('singer', ["(1,'Joe Sharp','Netherlands',52,'You',1)", "(2,'Timbaland','United States',32,'Dangerous',1)", "(3,'Justin Brown','France',29,'Hey Oh',1)", "(4,'Rose White','France',41,'Sun',0)", "(5,'John Nizinik','France',43,'Gentleman',1)", "(6,'Tribal King','France',33,'Love',1)"]),
    rows('stadium', ["(1,'Stark''s Park','Raith Rovers',10104,1995)", "(2,'Somerset Park','Ayr United',11998,1888)", "(3,'Glebe Park','Brechin City',3960,1919)", "(4,'Hampden Park','Queen''s Park',52500,1903)"]),
    rows('concert', ["(1,'Auditions','1','2014')", "(2,'Super bootcamp','2','2014')", "(3,'Home Visits','2','2015')", "(4,'Week 1','3','2014')"]),
    rows('singer_in_concert', ['(1,2)', '(1,3)', '(2,3)', '(3,5)', '(4,4)']),
  ],
  company: [
    'CREATE TABLE employee (employee_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, title TEXT, hire_date TEXT)',
    'CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, name TEXT, country TEXT, support_rep_id INTEGER REFERENCES employee(employee_id))',
    rows('employee', ["(1,'Jane','Peacock','Sales Support Agent','2022-04-01')", "(2,'Margaret','Park','Sales Support Agent','2022-05-03')", "(3,'Steve','Johnson','Sales Support Agent','2023-10-17')", "(4,'Nancy','Edwards','Sales Manager','2021-05-01')"]),
    rows('customer', ["(1,'Luis','Brazil',1)", "(2,'Leonie','Germany',1)", "(3,'Francois','Canada',1)", "(4,'Bjorn','Norway',2)", "(5,'Frantisek','Czechia',2)", "(6,'Helena','Czechia',3)"]),
    // Rows named by the last word of their table and of their columns: "2 payments" counts them.
    'CREATE TABLE customer_payment (payment_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customer(customer_id), amount_payment REAL, datetime_payment TEXT)',
    rows('customer_payment', ["(1,1,5,'2026-01-05')", "(2,1,7,'2026-02-05')", "(3,1,9,'2026-03-05')", "(4,2,100,'2026-01-09')"]),
  ],
  firm: [
    'CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, given_name TEXT, family_name TEXT, job_title TEXT)',
    'CREATE TABLE client (client_id INTEGER PRIMARY KEY, client_name TEXT, account_manager_id INTEGER REFERENCES staff(staff_id))',
    rows('staff', ["(1,'Jane','Peacock','Account Manager')", "(2,'Margaret','Park','Account Manager')", "(3,'Steve','Johnson','Account Manager')", "(4,'Nancy','Edwards','Director')"]),
    rows('client', ["(1,'Luis',1)", "(2,'Leonie',1)", "(3,'Francois',1)", "(4,'Bjorn',2)", "(5,'Frantisek',2)", "(6,'Helena',3)"]),
    'CREATE TABLE client_charge (charge_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES client(client_id), amount_charge REAL, charge_date TEXT)',
    rows('client_charge', ["(1,1,5,'2026-01-05')", "(2,1,5,'2026-02-05')", "(3,1,5,'2026-03-05')", "(4,4,50,'2026-01-09')"]),
    'CREATE TABLE venture (venture_id INTEGER PRIMARY KEY, venture_title TEXT, venture_details TEXT)',
    rows('venture', ["(1,'Harbour Survey','two phases')", "(2,'Mill Audit','one phase')"]),
  ],
  school: [
    'CREATE TABLE teacher (teacher_id INTEGER PRIMARY KEY, name TEXT, age INTEGER, hometown TEXT)',
    'CREATE TABLE course (course_id INTEGER PRIMARY KEY, title TEXT, teacher_id INTEGER REFERENCES teacher(teacher_id))',
    'CREATE TABLE student (student_id INTEGER PRIMARY KEY, name TEXT, age INTEGER, class TEXT)',
    rows('teacher', ["(1,'Anne Walker',46,'Blaby')", "(2,'Gustaaf Deloor',29,'Bolton')", "(3,'Vicente Carretero',26,'Blaby')"]),
    rows('course', ["(1,'Math',1)", "(2,'Science',2)", "(3,'History',1)"]),
    rows('student', ["(1,'Tom',12,'7A')", "(2,'Una',13,'7A')", "(3,'Vik',12,'7B')"]),
  ],
  flights: [
    'CREATE TABLE airport (code TEXT PRIMARY KEY, name TEXT, city TEXT)',
    'CREATE TABLE airline (airline_id INTEGER PRIMARY KEY, name TEXT, abbreviation TEXT)',
    'CREATE TABLE flight (flight_id INTEGER PRIMARY KEY, airline_id INTEGER REFERENCES airline(airline_id), source_airport TEXT REFERENCES airport(code), destination_airport TEXT REFERENCES airport(code), distance INTEGER)',
    rows('airport', ["('APG','Phillips AAF','Aberdeen')", "('ABR','Aberdeen Regional','Aberdeen')", "('ATO','Ohio University','Athens')"]),
    rows('airline', ["(1,'United Airlines','UAL')", "(2,'JetBlue Airways','JBL')"]),
    rows('flight', ["(1,1,'APG','ATO',400)", "(2,1,'ATO','APG',400)", "(3,2,'ABR','ATO',600)", "(4,2,'APG','ABR',50)"]),
  ],
  pets: [
    'CREATE TABLE student (stu_id INTEGER PRIMARY KEY, fname TEXT, lname TEXT, age INTEGER)',
    'CREATE TABLE pet (pet_id INTEGER PRIMARY KEY, pet_type TEXT, pet_age INTEGER, weight REAL)',
    'CREATE TABLE has_pet (stu_id INTEGER REFERENCES student(stu_id), pet_id INTEGER REFERENCES pet(pet_id))',
    rows('student', ["(1,'Linda','Smith',18)", "(2,'Tracy','Kim',19)", "(3,'Shiela','Jones',21)"]),
    rows('pet', ["(1,'cat',3,12)", "(2,'dog',2,13.4)", "(3,'dog',1,9.3)"]),
    rows('has_pet', ['(1,1)', '(1,2)', '(2,3)']),
  ],
  library: [
    'CREATE TABLE member (member_id INTEGER PRIMARY KEY, name TEXT)',
    'CREATE TABLE book (book_id INTEGER PRIMARY KEY, title TEXT, author TEXT, genre TEXT)',
    'CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(member_id), book_id INTEGER REFERENCES book(book_id), loan_date TEXT, returned_date TEXT)',
    rows('member', ["(1,'Ann')", "(2,'Bo')", "(3,'Cy')"]),
    rows('book', ["(1,'Emma','Austen','Novel')", "(2,'Persuasion','Austen','Novel')", "(3,'Dune','Herbert','Science Fiction')"]),
    rows('loan', ["(1,1,1,'2026-05-01','2026-05-20')", "(2,1,3,'2026-06-01',NULL)", "(3,2,2,'2026-06-05',NULL)"]),
    // Two dates and neither the default: the question's verb says which one ("clubs that started in 2025").
    'CREATE TABLE reading_club (club_id INTEGER PRIMARY KEY, club_name TEXT, club_start_date TEXT, club_end_date TEXT)',
    rows('reading_club', ["(1,'Classics','2025-03-01','2026-02-01')", "(2,'Sci-fi','2025-09-01',NULL)", "(3,'Poetry','2026-01-10',NULL)"]),
    // A category kept as a code (names.code-suffix: "type"), of memberships only.
    'CREATE TABLE membership (membership_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member(member_id), membership_type_code TEXT)',
    rows('membership', ["(1,1,'GOLD')", "(2,2,'BASIC')", "(3,3,'BASIC')"]),
  ],
  // Code columns whose values are grammar words ("IN", "NO", "AT"), next to other code columns.
  regions: [
    'CREATE TABLE store (store_id INTEGER PRIMARY KEY, store_name TEXT, region_code TEXT)',
    'CREATE TABLE invoice (invoice_id INTEGER PRIMARY KEY, store_id INTEGER REFERENCES store(store_id), payment_method_code TEXT, amount REAL)',
    rows('store', ["(1,'North Hall','IN')", "(2,'Harbour','NO')", "(3,'Old Mill','AT')"]),
    rows('invoice', ["(1,1,'CARD',10)", "(2,1,'CASH',20)", "(3,2,'CARD',30)", "(4,3,'CHEQUE',40)"]),
    // A table of categories: its one shown column repeats across rows.
    'CREATE TABLE expense_category (expense TEXT PRIMARY KEY, expense_category TEXT)',
    rows('expense_category', ["('Taxi','travel')", "('Train','travel')", "('Lunch','food')", "('Hotel','travel')"]),
    // A column named by a participle ("requested"), of the rows that did it.
    'CREATE TABLE applicant (applicant_id INTEGER PRIMARY KEY, applicant_name TEXT, money_requested REAL, height REAL)',
    rows('applicant', ["(1,'Ada',100,1.9)", "(2,'Bo',250,1.7)", "(3,'Cy',50,1.95)"]),
  ],
  districts: [
    'CREATE TABLE branch (branch_id INTEGER PRIMARY KEY, branch_title TEXT, district_code TEXT)',
    'CREATE TABLE bill (bill_id INTEGER PRIMARY KEY, branch_id INTEGER REFERENCES branch(branch_id), settlement_code TEXT, total REAL)',
    rows('branch', ["(1,'Quayside','IN')", "(2,'Hilltop','NO')", "(3,'Riverside','AT')"]),
    rows('bill', ["(1,1,'CARD',10)", "(2,1,'CASH',20)", "(3,2,'CARD',30)", "(4,3,'CHEQUE',40)"]),
    'CREATE TABLE cost_kind (cost TEXT PRIMARY KEY, cost_kind TEXT)',
    rows('cost_kind', ["('Bus','transport')", "('Ferry','transport')", "('Dinner','meals')"]),
    'CREATE TABLE founder (founder_id INTEGER PRIMARY KEY, founder_name TEXT, funds_raised REAL)',
    rows('founder', ["(1,'Dee',1000)", "(2,'Eli',3000)"]),
  ],
  // Money a customer still owes, kept on the customer (semantic/money-verbs.ts: "owe").
  ledger: [
    'CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, amount_outstanding REAL)',
    rows('customer', ["(1,'Ada','Park',120.5)", "(2,'Ben','Cho',9400)", "(3,'Cleo','Diaz',0)", "(4,'Dev','Rao',3100)", "(5,'Eve','Lund',880)"]),
  ],
  // Stock held per item, and sales with their subtotal, discount and tax: amounts as shares of amounts.
  store: [
    'CREATE TABLE item (item_id INTEGER PRIMARY KEY, title TEXT, category TEXT, unit_price REAL, stock_level INTEGER)',
    'CREATE TABLE sale (sale_id INTEGER PRIMARY KEY, item_id INTEGER REFERENCES item(item_id), sold_at TEXT, subtotal REAL, discount REAL, tax REAL)',
    rows('item', ["(1,'Kettle','Kitchen',30,12)", "(2,'Toaster','Kitchen',45,4)", "(3,'Lamp','Living',25,30)", "(4,'Rug','Living',90,2)"]),
    rows('sale', ["(1,1,'2026-05-03',60,5,11)", "(2,2,'2026-05-10',45,0,9)", "(3,3,'2026-06-01',75,10,13)", "(4,4,'2026-06-02',90,0,18)", "(5,1,'2026-06-12',30,0,6)"]),
  ],
};
