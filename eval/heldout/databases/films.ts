/**
 * A film catalogue: PascalCase names with declared foreign keys, a casting link table between films and
 * actors, the budget kept as TEXT (millions of US dollars), gender spelt out in lower case and a
 * colour/black-and-white flag. One film has no cast recorded.
 */
import type Database from 'better-sqlite3';
import { insertRows, type CellValue, type HeldoutDatabase } from '../heldout-database';
import { seededRandom } from '../seeded-random';

const schema = `
CREATE TABLE Director (DirectorId INTEGER PRIMARY KEY, Name TEXT NOT NULL, Nationality TEXT, BirthYear INTEGER);
CREATE TABLE Film (FilmId INTEGER PRIMARY KEY, Title TEXT NOT NULL, ReleaseYear INTEGER, DirectorId INTEGER REFERENCES Director(DirectorId), RuntimeMin INTEGER, Genre TEXT, Budget TEXT, BoxOffice REAL, Rating REAL, IsColour INTEGER NOT NULL);
CREATE TABLE Actor (ActorId INTEGER PRIMARY KEY, Name TEXT NOT NULL, Gender TEXT, BirthYear INTEGER, Country TEXT);
CREATE TABLE Casting (FilmId INTEGER NOT NULL REFERENCES Film(FilmId), ActorId INTEGER NOT NULL REFERENCES Actor(ActorId), CharacterName TEXT, IsLead INTEGER NOT NULL, PRIMARY KEY (FilmId, ActorId));
`;

const directors: CellValue[][] = [
  [1, 'Ines Marchetti', 'Italian', 1961],
  [2, 'Walter Brandauer', 'Austrian', 1934],
  [3, 'Akira Sonoda', 'Japanese', 1948],
  [4, 'Fiona McCall', 'British', 1972],
  [5, 'Rafael Ocampo', 'Mexican', 1980],
  [6, 'Dagny Holm', 'Norwegian', 1955],
  [7, 'Marcus Bell', 'American', 1944],
  [8, 'Leila Haddadi', 'French', 1986],
  [9, 'Sunil Varma', 'Indian', 1969],
  [10, 'Greta Lindahl', 'Swedish', 1927],
  [11, 'Owen Pryce', 'British', 1990],
  [12, 'Catalina Rojas', 'Chilean', 1977],
];

/** [id, title, year, director, runtime, genre, budget text, box office, rating, colour] */
const films: CellValue[][] = [
  [1, 'The Glass Orchard', 1994, 1, 128, 'Drama', '18', 64.2, 8.1, 1],
  [2, 'Paper Lanterns', 2003, 3, 112, 'Drama', '9.5', 22.8, 7.6, 1],
  [3, 'Night Train to Varna', 1958, 2, 97, 'Thriller', '1.2', 4.4, 7.9, 0],
  [4, 'Salt and Sorrow', 1962, 10, 104, 'Drama', '0.8', 2.1, 8.3, 0],
  [5, 'Northern Lights', 2015, 6, 121, 'Drama', '22', 18.5, 7.2, 1],
  [6, 'Laughing Matter', 1999, 7, 94, 'Comedy', '30', 141.0, 6.4, 1],
  [7, 'The Heist at Hollow Creek', 1978, 7, 118, 'Crime', '12', 88.3, 7.7, 1],
  [8, 'Velvet Static', 2019, 8, 106, 'Science Fiction', '45', 39.9, 6.9, 1],
  [9, 'Monsoon Wedding Bells', 2007, 9, 143, 'Comedy', '6', 31.0, 7.0, 1],
  [10, 'Iron Meridian', 2021, 5, 151, 'Action', '120', 310.5, 6.8, 1],
  [11, 'A Quiet Harbour', 1998, 4, 101, 'Romance', '14', 52.7, 7.1, 1],
  [12, 'The Cartographers', 2011, 1, 133, 'Drama', '25', 61.4, 7.8, 1],
  [13, 'Sixteen Summers', 2008, 4, 99, 'Comedy', '11', 46.2, 6.6, 1],
  [14, 'Crimson Tide of Osaka', 1983, 3, 126, 'Action', '15', 29.0, 7.3, 1],
  [15, 'Echo Chamber', 2022, 11, 89, 'Thriller', '3.5', 12.6, 7.4, 1],
  [16, 'The Long Goodbye Song', 1966, 10, 115, 'Romance', '1.1', 3.9, 8.0, 0],
  [17, 'Desert Bloom', 2017, 12, 117, 'Drama', '8', 7.1, 7.5, 1],
  [18, 'Orbital', 2013, 5, 137, 'Science Fiction', '95', 280.4, 7.9, 1],
  [19, 'Small Mercies', 2020, 8, 98, 'Drama', '4', 5.6, 8.3, 1],
  [20, 'Laughing Matter 2', 2002, 7, 97, 'Comedy', '55', 98.6, 5.2, 1],
  [21, 'Winter Ferry', 1952, 2, 88, 'Drama', '0.6', 1.9, 7.0, 0],
  [22, 'Ghosts of the Pampas', 2010, 12, 109, 'Horror', '7', 19.3, 6.1, 1],
  [23, 'Kingfisher', 1987, 6, 111, 'Thriller', '9', 8.2, 7.3, 1],
  [24, 'The Accountant of Lyon', 2016, 8, 103, 'Comedy', '12', 15.0, 6.7, 1],
  [25, 'Seven Bridges', 1974, 3, 140, 'Drama', '3', 11.8, 8.5, 1],
  [26, 'Tin Soldiers', 2024, 11, 95, 'War', '20', 14.2, null, 1],
  [27, 'The Bengal Express', 2012, 9, 158, 'Action', '18', 72.5, 6.9, 1],
  [28, 'Blue Hour', 1991, 1, 108, 'Romance', '10', 23.0, 7.4, 1],
  [29, 'Under the Viaduct', 1949, 2, 92, 'Crime', '0.5', 2.6, 7.8, 0],
  [30, 'Pale Fire Road', 2005, 5, 119, 'Thriller', '16', 13.4, 6.5, 1],
  [31, 'Mountains Apart', 2023, 6, 131, 'Drama', '27', 21.0, 7.1, 1],
  [32, 'Hollow Men', 1981, 7, 122, 'Crime', '14', 51.5, 7.6, 1],
  [33, 'Pinewood Nights', 1996, 4, 100, 'Horror', '5', 33.3, 6.2, 1],
  [34, 'Satellite Hearts', 2024, 12, 114, 'Science Fiction', '38', 44.0, null, 1],
  [35, 'The Last Lighthouse', 1971, 10, 107, 'Drama', '2', 6.5, 8.5, 1],
];

const actors: CellValue[][] = [
  [1, 'Tomas Reyes', 'male', 1970, 'Mexico'],
  [2, 'Mei Tanaka', 'female', 1981, 'Japan'],
  [3, 'Charlotte Dunn', 'female', 1965, 'United Kingdom'],
  [4, 'Viktor Hale', 'male', 1930, 'Austria'],
  [5, 'Anneli Berg', 'female', 1932, 'Sweden'],
  [6, 'Jamal Carter', 'male', 1958, 'United States'],
  [7, 'Priyanka Sen', 'female', 1979, 'India'],
  [8, 'Lucien Moreau', 'male', 1984, 'France'],
  [9, 'Sofia Bruni', 'female', 1963, 'Italy'],
  [10, 'Kenta Mori', 'male', 1945, 'Japan'],
  [11, 'Ruth Okoye', 'female', 1990, 'Nigeria'],
  [12, 'Ewan Grieve', 'male', 1988, 'United Kingdom'],
  [13, 'Marisol Vega', 'female', 1986, 'Chile'],
  [14, 'Henry Whitlock', 'male', 1941, 'United States'],
  [15, 'Ingrid Sæther', 'female', 1960, 'Norway'],
  [16, 'Arjun Kapoor Rao', 'male', 1975, 'India'],
  [17, 'Dana Whitfield', 'female', 1972, 'United States'],
  [18, 'Paolo Ferri', 'male', 1956, 'Italy'],
  [19, 'Noor Haidari', 'female', 1995, 'France'],
  [20, 'Gus Lindgren', 'male', 1925, 'Sweden'],
  [21, 'Beatriz Luna', 'female', 1992, 'Mexico'],
  [22, 'Oskar Nyberg', 'male', 1968, 'Norway'],
  [23, 'Hana Kobayashi', 'female', 1950, 'Japan'],
  [24, 'Sam Whitlock', 'male', 1979, 'United States'],
  [25, 'Delphine Roux', 'female', 1983, null],
  [26, 'Yusuf Adebayo', 'male', 1987, 'Nigeria'],
  [27, 'Grace Holloway', 'female', 1948, 'United Kingdom'],
  [28, 'Tobias Kern', 'male', 1999, 'Germany'],
  [29, 'Amaru Quispe', 'male', 1991, 'Peru'],
  [30, 'Lotte Vermeer', 'female', 1974, 'Netherlands'],
];

const ROLE_NAMES = ['Anna', 'the Inspector', 'Marco', 'Elsa', 'the Captain', 'Ruth', 'Dr. Kaye', 'the Stranger', 'Luis', 'Mira', 'Father Tom', 'Nadia', 'the Widow', 'Jonah', 'Kit', 'Selma'];

/** Actors of an age to play in a film: born 15 to 70 years before it. */
function castable(year: number): number[] {
  return actors.filter((a) => year - (a[3] as number) >= 15 && year - (a[3] as number) <= 70).map((a) => a[0] as number);
}

function castings(): CellValue[][] {
  const random = seededRandom(4404);
  const rows: CellValue[][] = [];
  for (const film of films) {
    const filmId = film[0] as number;
    if (filmId === 26) continue; // Tin Soldiers: cast not entered yet.
    const pool = castable(film[2] as number);
    const size = Math.min(pool.length, random.chance(0.25) ? 4 : random.int(2, 3));
    const chosen: number[] = [];
    while (chosen.length < size) {
      const actor = random.pick(pool);
      if (!chosen.includes(actor)) chosen.push(actor);
    }
    chosen.forEach((actor, index) => rows.push([filmId, actor, random.pick(ROLE_NAMES), index < (random.chance(0.3) ? 2 : 1) ? 1 : 0]));
  }
  return rows;
}

export const filmsDatabase: HeldoutDatabase = {
  name: 'films',
  schema,
  fill(db: Database.Database): void {
    insertRows(db, 'Director', ['DirectorId', 'Name', 'Nationality', 'BirthYear'], directors);
    insertRows(db, 'Film', ['FilmId', 'Title', 'ReleaseYear', 'DirectorId', 'RuntimeMin', 'Genre', 'Budget', 'BoxOffice', 'Rating', 'IsColour'], films);
    insertRows(db, 'Actor', ['ActorId', 'Name', 'Gender', 'BirthYear', 'Country'], actors);
    insertRows(db, 'Casting', ['FilmId', 'ActorId', 'CharacterName', 'IsLead'], castings());
  },
};
