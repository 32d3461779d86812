/**
 * People's own words for the schema's nouns: "forename" for a `guest_first_name` column (a synonym of the
 * column's other name, "first name"), "staff" for employees, "goods" for products, "division" for a
 * department, "town" for a city column. A word the schema already uses keeps its own meaning: where there is
 * a staff table, "staff" names it.
 */
import { shownColumn, tinyDatabase, type TinyDatabase } from './tiny-database';

let firm: TinyDatabase;
let clinic: TinyDatabase;

beforeAll(async () => {
  firm = await tinyDatabase([
    'CREATE TABLE department (department_id INTEGER PRIMARY KEY, department_name TEXT)',
    "INSERT INTO department VALUES (1,'Accounting'),(2,'Sales'),(3,'Legal')",
    'CREATE TABLE employees (employee_id INTEGER PRIMARY KEY, employee_first_name TEXT, employee_last_name TEXT, city TEXT, department_id INTEGER REFERENCES department(department_id))',
    "INSERT INTO employees VALUES (1,'Ann','Ames','Leeds',1),(2,'Bob','Bell','York',1),(3,'Cid','Cole','Leeds',2),(4,'Dee','Dunn','Hull',3)",
    'CREATE TABLE products (product_id INTEGER PRIMARY KEY, product_name TEXT, price REAL)',
    "INSERT INTO products VALUES (1,'Lamp',30),(2,'Mug',5),(3,'Rug',120)",
  ]);
  // Both words are tables here: "staff" is the staff table, not a synonym of employees.
  clinic = await tinyDatabase([
    'CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, name TEXT)',
    "INSERT INTO staff VALUES (1,'Nia'),(2,'Oli')",
    'CREATE TABLE employees (employee_id INTEGER PRIMARY KEY, name TEXT)',
    "INSERT INTO employees VALUES (1,'Pam'),(2,'Quin'),(3,'Ray')",
  ]);
});
afterAll(async () => Promise.all([firm, clinic].map((db) => db.close())));

describe("people's words for the schema's nouns", () => {
  it('"forename" and "surname" are the first and last name columns, whatever they are prefixed with', async () => {
    const answer = await firm.ask('What are the forenames and surnames of all employees?');
    expect(shownColumn(answer, /first name/i).sort()).toEqual(['Ann', 'Bob', 'Cid', 'Dee']);
    expect(shownColumn(answer, /last name/i).sort()).toEqual(['Ames', 'Bell', 'Cole', 'Dunn']);
  });

  it('"staff" are the employees, "division" the department, "goods" the products, "town" the city', async () => {
    expect((await firm.ask('How many staff are there?')).message).toMatch(/\b4 employees\b/);
    expect((await firm.ask('How many staff are in the Accounting division?')).message).toMatch(/\b2 employees\b/);
    expect((await firm.ask('How many goods cost more than 20?')).message).toMatch(/\b2 products\b/);
    expect(shownColumn(await firm.ask('List the forenames of staff whose town is Leeds'), /first name/i).sort()).toEqual(['Ann', 'Cid']);
  });

  it('"goods" is plural in form only: "the most expensive goods" is one product, "the 2 cheapest goods" two', async () => {
    expect(shownColumn(await firm.ask('What is the name of the most expensive goods?'), /name/i)).toEqual(['Rug']);
    expect(shownColumn(await firm.ask('What are the names of the 2 cheapest goods?'), /name/i)).toEqual(['Mug', 'Lamp']);
  });

  it('leaves a word to the table that is called by it', async () => {
    expect((await clinic.ask('How many staff are there?')).message).toMatch(/\b2 staff\b/);
    expect((await clinic.ask('How many employees are there?')).message).toMatch(/\b3 employees\b/);
  });
});
