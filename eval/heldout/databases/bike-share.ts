/**
 * A city bike-sharing scheme: snake_case with no declared foreign keys, trips that point at the stations
 * table twice (start and end), distance and fare kept as TEXT, a bike's serial number as its everyday
 * name, booleans for electric / in service / fixed, and start times as ISO date-times.
 */
import type Database from 'better-sqlite3';
import { insertRows, type CellValue, type HeldoutDatabase } from '../heldout-database';
import { isoDay, seededRandom } from '../seeded-random';

const schema = `
CREATE TABLE stations (station_id INTEGER PRIMARY KEY, station_name TEXT NOT NULL, district TEXT, docks INTEGER, opened TEXT, lat REAL, lon REAL);
CREATE TABLE bikes (bike_id INTEGER PRIMARY KEY, serial_no TEXT NOT NULL, model TEXT, electric INTEGER NOT NULL, purchase_year INTEGER, in_service INTEGER NOT NULL);
CREATE TABLE riders (rider_id INTEGER PRIMARY KEY, fname TEXT, lname TEXT, plan TEXT, signup_date TEXT, birth_year INTEGER);
CREATE TABLE trips (trip_id INTEGER PRIMARY KEY, bike_id INTEGER NOT NULL, rider_id INTEGER NOT NULL, start_station_id INTEGER NOT NULL, end_station_id INTEGER, started_at TEXT NOT NULL, duration_min INTEGER, distance_km TEXT, fare TEXT);
CREATE TABLE repairs (repair_id INTEGER PRIMARY KEY, bike_id INTEGER NOT NULL, reported_on TEXT NOT NULL, issue TEXT, cost REAL, fixed INTEGER NOT NULL);
`;

const stations: CellValue[][] = [
  [1, 'Central Square', 'Old Town', 30, '2016-04-01', 51.4545, -2.5879],
  [2, 'Cathedral Green', 'Old Town', 18, '2016-04-01', 51.4517, -2.6008],
  [3, 'Market Hall', 'Old Town', 22, '2017-06-12', 51.4551, -2.5921],
  [4, 'Riverside Quay', 'Harbourside', 24, '2016-09-20', 51.4487, -2.5985],
  [5, 'Ferry Steps', 'Harbourside', 12, '2019-03-05', 51.4472, -2.6044],
  [6, 'University Gate', 'Clifton', 30, '2017-01-15', 51.4584, -2.6030],
  [7, 'Observatory Hill', 'Clifton', 10, '2021-05-30', 51.4568, -2.6243],
  [8, 'Clifton Village', 'Clifton', 16, '2018-08-08', 51.4553, -2.6178],
  [9, 'Temple Meads Station', 'Redcliffe', 28, '2016-04-01', 51.4491, -2.5813],
  [10, 'Redcliffe Wharf', 'Redcliffe', 14, '2022-07-01', 51.4480, -2.5890],
  [11, 'Stokes Croft', 'Montpelier', 20, '2018-02-14', 51.4639, -2.5890],
  [12, 'Montpelier Park', 'Montpelier', 8, '2023-10-10', 51.4691, -2.5874],
  [13, 'Eastville Lake', 'Eastville', 15, '2024-04-22', 51.4742, -2.5632],
  [14, 'Gasworks Lane', 'Eastville', 6, '2025-01-20', 51.4712, -2.5580],
];

const MODELS: [string, number][] = [['Urban 3', 0], ['Urban 3', 0], ['Urban 5', 0], ['Volt E1', 1], ['Volt E2', 1]];

function bikes(): CellValue[][] {
  const random = seededRandom(5505);
  const rows: CellValue[][] = [];
  for (let id = 1; id <= 32; id++) {
    const [model, electric] = random.pick(MODELS);
    const year = electric === 1 ? random.int(2020, 2024) : random.int(2016, 2023);
    rows.push([id, `B-${1000 + id}`, model, electric, year, random.chance(0.85) ? 1 : 0]);
  }
  return rows;
}

const FIRST = ['Ava', 'Ben', 'Cara', 'Dev', 'Elif', 'Finn', 'Gita', 'Hal', 'Isla', 'Jon', 'Kemi', 'Luca', 'Maya', 'Nico', 'Orla', 'Pete', 'Rhea', 'Sami', 'Tess', 'Umar'];
const LAST = ['Ashby', 'Brook', 'Carey', 'Dean', 'Ellis', 'Ford', 'Gale', 'Hart', 'Ives', 'Joyce', 'Khan', 'Lowe', 'Mason', 'Ng', 'Owen', 'Price'];
const PLANS = ['annual', 'annual', 'monthly', 'monthly', 'pay as you go', 'Annual'];

function riders(): CellValue[][] {
  const random = seededRandom(5506);
  const rows: CellValue[][] = [];
  for (let id = 1; id <= 40; id++) {
    const birthYear = random.chance(0.1) ? null : random.int(1950, 2006);
    rows.push([id, random.pick(FIRST), random.pick(LAST), random.pick(PLANS), isoDay('2021-03-01', random.int(0, 1400)), birthYear]);
  }
  return rows;
}

const UNUSED_BIKES = new Set([7, 19, 28]);

function trips(bikeRows: CellValue[][], riderRows: CellValue[][]): CellValue[][] {
  const random = seededRandom(5507);
  const bikeIds = bikeRows.map((b) => b[0] as number).filter((id) => !UNUSED_BIKES.has(id));
  const riderIds = riderRows.map((r) => r[0] as number);
  const stationIds = stations.map((s) => s[0] as number);
  const rows: CellValue[][] = [];
  for (let n = 0; n < 100; n++) {
    const bike = random.pick(bikeIds);
    const electric = bikeRows[bike - 1]?.[3] === 1;
    const day = isoDay('2024-05-01', random.int(0, 420));
    const open = stationIds.filter((id) => String(stations[id - 1]?.[4]) <= day);
    const start = random.chance(0.3) ? random.pick([1, 9, 6]) : random.pick(open);
    const end = random.chance(0.03) ? null : random.chance(0.1) ? start : random.pick(open);
    const startedAt = `${day}T${String(random.int(6, 22)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00`;
    const minutes = random.chance(0.08) ? random.int(45, 140) : random.int(4, 40);
    const km = (minutes * (electric ? 0.32 : 0.22) * (0.7 + random.next() * 0.5)).toFixed(1);
    const fare = (1 + Math.max(0, minutes - 30) * 0.1 + (electric ? 0.75 : 0)).toFixed(2);
    // Only riders who had signed up by then ride.
    const eligible = riderIds.filter((id) => String(riderRows[id - 1]?.[4]) <= day);
    rows.push([bike, random.pick(eligible), start, end, startedAt, minutes, km, fare]);
  }
  rows.sort((a, b) => String(a[4]).localeCompare(String(b[4])));
  return rows.map((row, index) => [index + 1, ...row]);
}

const ISSUES = ['Flat tyre', 'Brakes', 'Chain', 'Battery', 'Lights', 'Flat tyre', 'Gears', 'Saddle'];

function repairs(bikeRows: CellValue[][]): CellValue[][] {
  const random = seededRandom(5508);
  const rows: CellValue[][] = [];
  for (let n = 0; n < 38; n++) {
    const bike = random.chance(0.3) ? random.pick([3, 11, 12, 24]) : random.int(1, bikeRows.length);
    const electric = bikeRows[bike - 1]?.[3] === 1;
    const issue = electric && random.chance(0.35) ? 'Battery' : random.pick(ISSUES.filter((i) => i !== 'Battery'));
    const reported = isoDay('2024-03-01', random.int(0, 470));
    const cost = issue === 'Battery' ? random.int(90, 180) : Math.round(random.int(8, 60) * 1.5 * 100) / 100;
    rows.push([bike, reported, issue, random.chance(0.06) ? null : cost, reported > '2025-05-20' || random.chance(0.08) ? 0 : 1]);
  }
  rows.sort((a, b) => String(a[1]).localeCompare(String(b[1])));
  return rows.map((row, index) => [index + 1, ...row]);
}

export const bikeShare: HeldoutDatabase = {
  name: 'bike_share',
  schema,
  fill(db: Database.Database): void {
    const bikeRows = bikes();
    const riderRows = riders();
    insertRows(db, 'stations', ['station_id', 'station_name', 'district', 'docks', 'opened', 'lat', 'lon'], stations);
    insertRows(db, 'bikes', ['bike_id', 'serial_no', 'model', 'electric', 'purchase_year', 'in_service'], bikeRows);
    insertRows(db, 'riders', ['rider_id', 'fname', 'lname', 'plan', 'signup_date', 'birth_year'], riderRows);
    insertRows(db, 'trips', ['trip_id', 'bike_id', 'rider_id', 'start_station_id', 'end_station_id', 'started_at', 'duration_min', 'distance_km', 'fare'], trips(bikeRows, riderRows));
    insertRows(db, 'repairs', ['repair_id', 'bike_id', 'reported_on', 'issue', 'cost', 'fixed'], repairs(bikeRows));
  },
};
