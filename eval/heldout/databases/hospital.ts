/**
 * A hospital: CamelCase names, no declared foreign keys (the keys are only implied by names and data),
 * the fee stored as TEXT, sex as a one-letter code, a boolean and ISO date-times. One doctor has no
 * department; statuses were typed by hand and are not all capitalised the same way.
 */
import type Database from 'better-sqlite3';
import { insertRows, type CellValue, type HeldoutDatabase } from '../heldout-database';
import { isoDay, seededRandom } from '../seeded-random';

const schema = `
CREATE TABLE Department (DeptID INTEGER PRIMARY KEY, DeptName TEXT NOT NULL, Floor INTEGER, Building TEXT);
CREATE TABLE Doctor (DoctorID INTEGER PRIMARY KEY, FullName TEXT NOT NULL, Specialty TEXT, DeptID INTEGER, HireYear INTEGER, IsSurgeon INTEGER NOT NULL);
CREATE TABLE Patient (PatientID INTEGER PRIMARY KEY, FirstName TEXT NOT NULL, LastName TEXT NOT NULL, DOB TEXT, Sex TEXT, BloodType TEXT, City TEXT);
CREATE TABLE Appointment (ApptID INTEGER PRIMARY KEY, PatientID INTEGER NOT NULL, DoctorID INTEGER NOT NULL, ApptDate TEXT NOT NULL, Reason TEXT, Fee TEXT, Status TEXT NOT NULL);
CREATE TABLE Prescription (RxID INTEGER PRIMARY KEY, ApptID INTEGER NOT NULL, Drug TEXT NOT NULL, DoseMg REAL, Days INTEGER);
`;

const departments: CellValue[][] = [
  [1, 'Cardiology', 3, 'North'],
  [2, 'Neurology', 4, 'North'],
  [3, 'Paediatrics', 1, 'South'],
  [4, 'Orthopaedics', 2, 'South'],
  [5, 'Oncology', 5, 'East'],
  [6, 'Emergency', 0, 'Main'],
  [7, 'Dermatology', 3, 'East'],
];

/** [id, name, specialty, dept, hire year, surgeon, reasons this doctor sees] */
const doctors: [number, string, string, number | null, number, number, string[]][] = [
  [1, 'Amara Osei', 'Interventional Cardiology', 1, 2012, 1, ['Chest pain', 'Follow-up']],
  [2, 'Henrik Larsen', 'Cardiology', 1, 2008, 0, ['Chest pain', 'Check-up', 'Palpitations']],
  [3, 'Beatriz Santos', 'Electrophysiology', 1, 2019, 0, ['Palpitations', 'Follow-up']],
  [4, 'Rahul Mehta', 'Cardiothoracic Surgery', 1, 2016, 1, ['Follow-up', 'Consultation']],
  [5, 'Claire Dubois', 'Neurology', 2, 2005, 0, ['Headache', 'Dizziness', 'Follow-up']],
  [6, 'Samir Haddad', 'Neurosurgery', 2, 2014, 1, ['Consultation', 'Back pain']],
  [7, 'Yuki Tanaka', 'Neurology', 2, 2021, 0, ['Headache', 'Check-up']],
  [8, 'Emma Lindqvist', 'Paediatrics', 3, 2010, 0, ['Vaccination', 'Fever', 'Check-up']],
  [9, 'Kofi Mensah', 'Paediatric Surgery', 3, 2017, 1, ['Consultation']],
  [10, 'Laura Bianchi', 'Neonatology', 3, 2022, 0, ['Check-up', 'Fever']],
  [11, 'Patrick Doyle', 'Orthopaedic Surgery', 4, 2003, 1, ['Fracture', 'Back pain', 'Follow-up']],
  [12, 'Nadia Rahman', 'Sports Medicine', 4, 2018, 0, ['Sprain', 'Back pain']],
  [13, 'Ivan Petrov', 'Orthopaedic Surgery', 4, 2011, 1, ['Fracture', 'Follow-up']],
  [14, 'Grace Kim', 'Medical Oncology', 5, 2009, 0, ['Consultation', 'Follow-up']],
  [15, 'Omar Farouk', 'Surgical Oncology', 5, 2015, 1, ['Consultation']],
  [16, 'Helen Murray', 'Radiation Oncology', 5, 2020, 0, ['Follow-up']],
  [17, 'Lucas Ferreira', 'Emergency Medicine', 6, 2013, 0, ['Fracture', 'Chest pain', 'Fever']],
  [18, "Sarah O'Brien", 'Emergency Medicine', 6, 2016, 0, ['Headache', 'Sprain', 'Fever']],
  [19, 'Tariq Aziz', 'Trauma Surgery', 6, 2019, 1, ['Fracture']],
  [20, 'Julia Novak', 'Emergency Medicine', 6, 2023, 0, ['Chest pain', 'Dizziness']],
  [21, 'Marta Kowalczyk', 'Dermatology', 7, 2007, 0, ['Rash', 'Check-up']],
  [22, 'Ben Adler', 'Dermatology', 7, 2021, 0, ['Rash', 'Consultation']],
  [23, 'Chen Wei', 'Pain Medicine', null, 2024, 0, ['Back pain', 'Consultation']],
];

const FIRST_F = ['Olivia', 'Maya', 'Sophie', 'Aaliyah', 'Ines', 'Hannah', 'Zoe', 'Leah', 'Priya', 'Nora', 'Elena', 'Grace', 'Ruth', 'Amelia', 'Jade', 'Fatima', 'Clara', 'Ivy', 'Lena', 'Rosa'];
const FIRST_M = ['Liam', 'Noah', 'Arjun', 'Mateo', 'Ethan', 'Samuel', 'Ibrahim', 'Oscar', 'Felix', 'Jonas', 'Daniel', 'Kai', 'Tomas', 'Hugo', 'Adam', 'Leo', 'Omar', 'Ravi', 'George', 'Ezra'];
const LAST = ['Walker', 'Nguyen', 'Kowalski', 'Adeyemi', 'Fischer', 'Moreau', 'Singh', 'Brown', 'Costa', 'Hughes', 'Walker', 'Haddad', 'Jensen', 'Okoro', 'Brown', 'Silva', 'Murphy', 'Tan', 'Novak', 'Reyes'];
const BLOOD = ['O+', 'O+', 'O+', 'A+', 'A+', 'B+', 'AB+', 'O-', 'A-', 'B-', 'AB-'];
const CITIES = ['Bristol', 'Bristol', 'Bath', 'Swindon', 'Gloucester', 'Cardiff', 'Bath', 'Bristol', 'Taunton'];

function patients(): CellValue[][] {
  const random = seededRandom(2202);
  const rows: CellValue[][] = [];
  for (let id = 1; id <= 42; id++) {
    const female = random.chance(0.52);
    const first = random.pick(female ? FIRST_F : FIRST_M);
    const dob = id === 17 ? null : isoDay('1936-01-01', random.int(0, 31_000));
    const blood = random.chance(0.08) ? null : random.pick(BLOOD);
    rows.push([id, first, random.pick(LAST), dob, female ? 'F' : 'M', blood, random.pick(CITIES)]);
  }
  return rows;
}

const NEVER_SEEN_PATIENTS = new Set([7, 23, 31, 40]);
const FEE_BY_SURGEON = ['85.00', '95.00', '120.00', '150.00'];

function appointments(patientIds: number[]): CellValue[][] {
  const random = seededRandom(2203);
  const rows: CellValue[][] = [];
  for (let n = 0; n < 96; n++) {
    const doctor = random.chance(0.2) ? doctors[random.int(0, 3)] : random.pick(doctors);
    if (doctor === undefined) throw new Error('no doctor');
    const [doctorId, , , , , surgeon, reasons] = doctor;
    const day = isoDay('2024-01-08', random.int(0, 640));
    const time = `${String(random.int(8, 16)).padStart(2, '0')}:${random.pick(['00', '15', '30', '45'])}`;
    const future = day > '2025-09-15';
    const roll = random.next();
    const status = future ? 'Scheduled' : roll < 0.08 ? 'Cancelled' : roll < 0.11 ? 'cancelled' : roll < 0.16 ? 'No-show' : 'Completed';
    const baseFee = surgeon === 1 ? random.pick(FEE_BY_SURGEON.slice(2)) : random.pick(FEE_BY_SURGEON.slice(0, 3));
    const fee = random.chance(0.05) ? null : random.chance(0.06) ? ` ${Number(baseFee)}` : baseFee;
    rows.push([random.pick(patientIds), doctorId, `${day} ${time}`, random.pick(reasons), fee, status]);
  }
  rows.sort((a, b) => String(a[2]).localeCompare(String(b[2])));
  return rows.map((row, index) => [index + 1, ...row]);
}

const DRUGS: [string, number[]][] = [
  ['Amoxicillin', [250, 500]],
  ['Ibuprofen', [200, 400]],
  ['Atorvastatin', [10, 20, 40]],
  ['Metoprolol', [25, 50]],
  ['Sumatriptan', [50]],
  ['Paracetamol', [500, 1000]],
  ['Hydrocortisone cream', [1]],
  ['Omeprazole', [20]],
];

function prescriptions(appts: CellValue[][]): CellValue[][] {
  const random = seededRandom(2204);
  const completed = appts.filter((a) => a[6] === 'Completed');
  const rows: CellValue[][] = [];
  for (const appt of completed) {
    if (!random.chance(0.55)) continue;
    const count = random.chance(0.2) ? 2 : 1;
    for (let i = 0; i < count; i++) {
      const [drug, doses] = random.pick(DRUGS);
      rows.push([rows.length + 1, appt[0] ?? null, drug, random.pick(doses), random.pick([3, 5, 7, 7, 10, 14, 28, 30])]);
    }
  }
  return rows;
}

export const hospital: HeldoutDatabase = {
  name: 'hospital',
  schema,
  fill(db: Database.Database): void {
    const patientRows = patients();
    const seenIds = patientRows.map((p) => p[0] as number).filter((id) => !NEVER_SEEN_PATIENTS.has(id));
    const appts = appointments(seenIds);
    insertRows(db, 'Department', ['DeptID', 'DeptName', 'Floor', 'Building'], departments);
    insertRows(db, 'Doctor', ['DoctorID', 'FullName', 'Specialty', 'DeptID', 'HireYear', 'IsSurgeon'], doctors.map(([id, name, specialty, dept, year, surgeon]) => [id, name, specialty, dept, year, surgeon]));
    insertRows(db, 'Patient', ['PatientID', 'FirstName', 'LastName', 'DOB', 'Sex', 'BloodType', 'City'], patientRows);
    insertRows(db, 'Appointment', ['ApptID', 'PatientID', 'DoctorID', 'ApptDate', 'Reason', 'Fee', 'Status'], appts);
    insertRows(db, 'Prescription', ['RxID', 'ApptID', 'Drug', 'DoseMg', 'Days'], prescriptions(appts));
  },
};
