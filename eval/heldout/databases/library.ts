/**
 * A town library: snake_case, declared foreign keys, a link table for co-written books, abbreviated
 * member columns (fname, lname, dob), fines kept as TEXT, a boolean and ISO dates. Genres and cities carry
 * the stray spaces and odd capitalisation of hand-typed data.
 */
import type Database from 'better-sqlite3';
import { insertRows, type CellValue, type HeldoutDatabase } from '../heldout-database';
import { daysBetween, isoDay, seededRandom } from '../seeded-random';

const schema = `
CREATE TABLE authors (author_id INTEGER PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL, birth_year INTEGER, country TEXT);
CREATE TABLE books (book_id INTEGER PRIMARY KEY, title TEXT NOT NULL, genre TEXT, pub_year INTEGER, pages INTEGER, isbn TEXT, copies INTEGER NOT NULL DEFAULT 1);
CREATE TABLE book_authors (book_id INTEGER NOT NULL REFERENCES books(book_id), author_id INTEGER NOT NULL REFERENCES authors(author_id), PRIMARY KEY (book_id, author_id));
CREATE TABLE members (member_id INTEGER PRIMARY KEY, fname TEXT NOT NULL, lname TEXT NOT NULL, dob TEXT, city TEXT, joined_on TEXT NOT NULL, is_active INTEGER NOT NULL);
CREATE TABLE loans (loan_id INTEGER PRIMARY KEY, book_id INTEGER NOT NULL REFERENCES books(book_id), member_id INTEGER NOT NULL REFERENCES members(member_id), loan_date TEXT NOT NULL, due_date TEXT NOT NULL, returned_date TEXT, fine TEXT);
`;

const authors: CellValue[][] = [
  [1, 'Margaret', 'Okafor', 1948, 'Nigeria'],
  [2, 'Daniel', 'Okafor', 1979, 'Nigeria'],
  [3, 'Ingrid', 'Halvorsen', 1962, 'Norway'],
  [4, 'Tomás', 'Villanueva', 1955, 'Spain'],
  [5, 'Priya', 'Raman', 1983, 'India'],
  [6, 'George', 'Whitcombe', 1921, 'United Kingdom'],
  [7, 'Edith', 'Marlowe', 1890, 'United Kingdom'],
  [8, 'Kenji', 'Morimoto', 1970, 'Japan'],
  [9, 'Lucia', 'Bernardi', 1975, 'Italy'],
  [10, 'Samuel', 'Achterberg', 1938, 'Netherlands'],
  [11, 'Aisha', 'Karimova', 1990, 'Uzbekistan'],
  [12, 'Robert', 'Finch', 1966, 'United States'],
  [13, 'Clara', 'Finch', 1968, 'United States'],
  [14, 'Henri', 'Delacroix', 1932, 'France'],
  [15, 'Yusuf', 'Demir', 1981, 'Turkey'],
  [16, 'Olivia', 'Grant', 1959, 'Canada'],
  [17, 'Mateo', 'Duarte', 1987, 'Argentina'],
  [18, 'Hannah', 'Levin', 1973, 'United States'],
  [19, 'Piotr', 'Zielinski', 1945, 'Poland'],
  [20, 'Grace', 'Adeyemi', 1992, 'Nigeria'],
  [21, 'Walter', 'Brennan-Hughes', 1911, 'Ireland'],
  [22, 'Sofia', 'Lindqvist', 1985, 'Sweden'],
  [23, 'Ahmed', 'Nasser', null, 'Egypt'],
  [24, 'Elena', 'Petrova', 1978, 'Russia'],
];

/** [id, title, genre, pub_year, pages, copies, author ids] */
const books: [number, string, string | null, number, number, number, number[]][] = [
  [1, 'The Salt Road', 'History', 1998, 412, 2, [1]],
  [2, 'Night Harbour', 'Mystery', 2005, 328, 3, [12, 13]],
  [3, 'A Field of Lanterns', 'Fantasy', 2011, 544, 2, [5]],
  [4, "The Tinsmith's Daughter", 'fantasy', 2016, 489, 1, [22]],
  [5, 'Winter Orchard', 'Poetry', 1987, 96, 1, [3]],
  [6, 'Letters from Lodz', 'Biography', 1979, 288, 1, [19]],
  [7, 'The Quiet Engine', 'Science Fiction', 1962, 240, 2, [6]],
  [8, 'Moths of the Lower Fells', 'History', 1949, 176, 1, [7]],
  [9, 'The Ninth Lantern', 'Fantasy ', 2019, 612, 4, [5]],
  [10, 'Copper Sky', 'Science Fiction', 1974, 305, 1, [6]],
  [11, "The Ferryman's Ledger", 'Mystery', 1931, 264, 1, [7]],
  [12, 'Bread and Iron', 'History', 2002, 530, 2, [4]],
  [13, 'Seven Rivers', 'Poetry', 2014, 88, 1, [11]],
  [14, 'Under the Jacaranda', 'Romance', 2009, 352, 3, [20]],
  [15, 'The Glass Cartographer', 'Fantasy', 2021, 701, 2, [17]],
  [16, 'A Short History of Salt', 'History', 1985, 198, 1, [10]],
  [17, 'The Lighthouse Accounts', 'Mystery', 2018, 376, 2, [16]],
  [18, 'Harvest of Ash', 'Science Fiction', 2020, 455, 2, [15]],
  [19, 'Marigold Street', 'Romance', 1996, 310, 2, [9]],
  [20, 'The Paper Garden', 'Poetry', 1952, 72, 1, [14]],
  [21, 'Iron Tides', 'History', 1967, 620, 1, [21]],
  [22, 'The Long Thaw', 'Science Fiction', 2008, 398, 2, [8]],
  [23, 'Dust on the Meridian', 'Mystery', 1999, 344, 1, [12]],
  [24, "The Cartographer's Son", 'Biography', 2012, 402, 1, [24]],
  [25, 'Small Hours', 'Romance', 2017, 256, 2, [18]],
  [26, 'Kites over Ankara', 'Biography', 2015, 318, 1, [15]],
  [27, 'Saltwater Psalms', 'Poetry', 2003, 112, 1, [1, 20]],
  [28, 'The Hollow Crown of Ys', 'Fantasy', 1993, 566, 1, [3]],
  [29, 'Echoes in Amber', 'Mystery', 2010, 290, 2, [13]],
  [30, 'A Census of Birds', null, 2022, 230, 1, [11]],
  [31, 'The Winter Palace Papers', 'History', 1958, 480, 1, [14]],
  [32, 'Signal Lost', 'Science Fiction', 2023, 344, 3, [2]],
  [33, 'Red Clay Roads', 'Biography', 2001, 276, 1, [1, 2]],
  [34, "The Orchard Keeper's Almanac", 'History', 1978, 350, 1, [10]],
  [35, 'Neon Monsoon', 'Science Fiction', 2019, 422, 2, [5]],
  [36, 'Quiet Waters', 'Romance', 1988, 198, 1, [9]],
  [37, 'The Last Ferry to Hydra', 'Mystery', 2021, 312, 2, [16, 18]],
  [38, 'Glass and Shadow', 'Fantasy', 2005, 518, 1, [17]],
  [39, 'Atlas of Small Kingdoms', 'History', 2013, 505, 1, [8]],
  [40, 'Orbit of Stones', 'Science Fiction', 1962, 288, 1, [6]],
  [41, 'Sand and Cedar', 'History', 1997, 344, 1, [23]],
];

const members: CellValue[][] = [
  [1, 'Alice', 'Grant', '1985-04-12', 'Leeds', '2019-03-02', 1],
  [2, 'Tom', 'Hargreaves', '1972-11-30', 'York', '2018-06-15', 1],
  [3, 'Fatima', 'Begum', '1990-01-08', 'Bradford', '2020-09-21', 1],
  [4, 'Alice', 'Wong', '2001-07-19', 'Leeds', '2023-01-10', 1],
  [5, 'Oliver', 'Grant', '1958-02-25', 'Harrogate', '2017-11-04', 0],
  [6, 'Chloe', 'Adams', '1996-05-03', 'leeds', '2023-05-27', 1],
  [7, 'Marek', 'Nowak', '1981-09-14', 'Wakefield', '2021-02-18', 1],
  [8, 'Sunita', 'Patel', '1967-12-01', 'Bradford', '2016-08-09', 1],
  [9, 'James', "O'Neill", '1999-03-22', 'York', '2022-10-30', 0],
  [10, 'Hannah', 'Brooks', '2004-06-11', 'Leeds ', '2024-02-14', 1],
  [11, 'David', 'Clarke', '1945-08-17', 'Harrogate', '2015-04-01', 1],
  [12, 'Grace', 'Mensah', '1988-10-05', 'Leeds', '2020-01-20', 1],
  [13, 'Ryan', 'Taylor', '1993-12-29', 'Wakefield', '2023-08-08', 1],
  [14, 'Emily', 'Shaw', '1979-04-04', 'York', '2019-12-12', 0],
  [15, 'Mohammed', 'Iqbal', '1984-07-07', 'Bradford', '2021-06-30', 1],
  [16, 'Lucy', 'Fairbairn', '2000-01-31', 'Leeds', '2024-07-19', 1],
  [17, 'Peter', 'Lindgren', '1962-03-15', 'York', '2018-02-02', 1],
  [18, 'Zara', 'Hussain', '1997-09-09', 'Bradford', '2022-04-04', 1],
  [19, 'Ben', 'Carter', '1975-05-20', 'Leeds', '2017-07-07', 0],
  [20, 'Isla', 'Robertson', '2002-11-11', 'Harrogate', '2023-11-23', 1],
  [21, 'Kwame', 'Boateng', '1970-02-14', 'Leeds', '2016-05-05', 1],
  [22, 'Anna', 'Kowalska', '1991-06-06', 'Wakefield', '2020-12-01', 1],
  [23, 'Tom', 'Bailey', '1986-08-28', 'York', '2024-03-03', 1],
  [24, 'Rosa', 'Martinez', '1955-01-19', 'Leeds', '2015-09-09', 1],
  [25, 'Jack', 'Whitaker', '1998-10-10', 'Bradford', '2023-03-15', 0],
  [26, 'Meera', 'Nair', '1983-03-03', 'Harrogate', '2021-08-08', 1],
  [27, 'Sam', 'Ellis', null, 'York', '2024-09-01', 1],
  [28, 'Laura', 'Grant', '1964-12-24', 'Wakefield', '2019-05-05', 1],
  [29, 'Noah', 'Fischer', '2005-02-02', 'Leeds', '2024-11-11', 1],
  [30, 'Priya', 'Shah', '1977-07-27', 'Bradford', '2018-10-10', 1],
];

/** Books nobody borrowed and members who never borrowed, so "never" questions have answers. */
const NEVER_BORROWED_BOOKS = new Set([8, 20, 30, 40]);
const NEVER_BORROWING_MEMBERS = new Set([5, 16, 27, 29]);

function loans(): CellValue[][] {
  const random = seededRandom(1101);
  const bookIds = books.map((b) => b[0]).filter((id) => !NEVER_BORROWED_BOOKS.has(id));
  const memberIds = members.map((m) => m[0] as number).filter((id) => !NEVER_BORROWING_MEMBERS.has(id));
  const rows: CellValue[][] = [];
  for (let n = 0; n < 84; n++) {
    // Popular books come up more often: the first few ids get a second chance.
    const book = random.chance(0.25) ? random.pick(bookIds.slice(0, 6)) : random.pick(bookIds);
    const loanDate = isoDay('2023-01-02', random.int(0, 820));
    const dueDate = isoDay(loanDate, 21);
    const outstanding = daysBetween(loanDate, '2025-04-01') < 30 || random.chance(0.07);
    const returned = outstanding ? null : isoDay(loanDate, random.int(4, 34));
    const late = returned === null ? 0 : Math.max(0, daysBetween(dueDate, returned));
    const fine = returned === null ? null : (late * 0.2).toFixed(2);
    // Only members who had joined by then can borrow.
    const eligible = memberIds.filter((id) => String(members[id - 1]?.[5]) <= loanDate);
    rows.push([book, random.pick(eligible), loanDate, dueDate, returned, fine]);
  }
  // Loan ids follow the loan dates, as a real system would number them.
  rows.sort((a, b) => String(a[2]).localeCompare(String(b[2])));
  return rows.map((row, index) => [index + 1, ...row]);
}

function isbn(id: number): string | null {
  if (id === 30) return null;
  return `978-${String(1_000_000_000 + id * 7_919_113).slice(0, 10)}`;
}

export const library: HeldoutDatabase = {
  name: 'library',
  schema,
  fill(db: Database.Database): void {
    insertRows(db, 'authors', ['author_id', 'first_name', 'last_name', 'birth_year', 'country'], authors);
    insertRows(db, 'books', ['book_id', 'title', 'genre', 'pub_year', 'pages', 'isbn', 'copies'], books.map(([id, title, genre, year, pages, copies]) => [id, title, genre, year, pages, isbn(id), copies]));
    insertRows(db, 'book_authors', ['book_id', 'author_id'], books.flatMap(([id, , , , , , by]) => by.map((author) => [id, author])));
    insertRows(db, 'members', ['member_id', 'fname', 'lname', 'dob', 'city', 'joined_on', 'is_active'], members);
    insertRows(db, 'loans', ['loan_id', 'book_id', 'member_id', 'loan_date', 'due_date', 'returned_date', 'fine'], loans());
  },
};
