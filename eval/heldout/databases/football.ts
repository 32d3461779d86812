/**
 * An amateur football league: snake_case, every table keyed by a bare `id`, no declared foreign keys,
 * two references from one match to the clubs table (home and away), positions as two-letter codes and
 * seasons as text like '2023-24'. Goals are generated from the match scores, so the two always agree.
 */
import type Database from 'better-sqlite3';
import { insertRows, type CellValue, type HeldoutDatabase } from '../heldout-database';
import { isoDay, seededRandom, type SeededRandom } from '../seeded-random';

const schema = `
CREATE TABLE clubs (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT, founded INTEGER, manager TEXT, colours TEXT);
CREATE TABLE players (id INTEGER PRIMARY KEY, club_id INTEGER, first_name TEXT, surname TEXT NOT NULL, position TEXT, nationality TEXT, dob TEXT, height_cm INTEGER, weight_kg REAL, shirt_no INTEGER);
CREATE TABLE matches (id INTEGER PRIMARY KEY, season TEXT NOT NULL, match_date TEXT NOT NULL, home_club_id INTEGER NOT NULL, away_club_id INTEGER NOT NULL, home_goals INTEGER NOT NULL, away_goals INTEGER NOT NULL, attendance INTEGER, referee TEXT);
CREATE TABLE goals (id INTEGER PRIMARY KEY, match_id INTEGER NOT NULL, player_id INTEGER NOT NULL, minute INTEGER NOT NULL, penalty INTEGER NOT NULL);
`;

const clubs: CellValue[][] = [
  [1, 'Riverside Rovers', 'Millbrook', 1889, 'Alan Pryce', 'blue and white'],
  [2, 'Northgate United', 'Northgate', 1902, 'Sofia Castell', 'red'],
  [3, 'Harbour City', 'Port Ellis', 1921, 'Dmitri Volkov', 'navy'],
  [4, 'Ashford Athletic', 'Ashford', 1878, 'Graham Toft', 'green and white'],
  [5, 'Kingsmere FC', 'Kingsmere', 1946, 'Ruth Obi', 'yellow'],
  [6, 'Eastvale Town', 'Eastvale', 1899, 'Marco Lenz', 'claret'],
  [7, 'Stonebridge Wanderers', 'Stonebridge', 1878, 'Paul Hinds', 'black and white'],
  [8, 'Coldwater Albion', 'Coldwater', 1933, null, 'orange'],
];

const NAMES: Record<string, [string[], string[]]> = {
  England: [['Jack', 'Harry', 'Callum', 'Reece', 'Tom', 'Luke', 'Ollie', 'Dan'], ['Shaw', 'Bennett', 'Hale', 'Cooper', 'Pryor', 'Marsh', 'Doyle', 'Walsh']],
  Brazil: [['Thiago', 'Rafael', 'Caio', 'Bruno'], ['Souza', 'Lima', 'Carvalho', 'Ramos']],
  Spain: [['Pablo', 'Iker', 'Sergio', 'Álvaro'], ['Navarro', 'Ortega', 'Gil', 'Molina']],
  Germany: [['Lukas', 'Jonas', 'Felix'], ['Brandt', 'Kessler', 'Vogel']],
  Nigeria: [['Chidi', 'Emeka', 'Tunde'], ['Okonkwo', 'Balogun', 'Eze']],
  France: [['Hugo', 'Yanis', 'Mathis'], ['Girard', 'Lemaire', 'Faure']],
  Ireland: [['Cian', 'Seán'], ['Byrne', 'Kavanagh']],
  Japan: [['Haruto', 'Ren'], ['Sato', 'Kobayashi']],
};
const NATIONS = ['England', 'England', 'England', 'England', 'Brazil', 'Spain', 'Germany', 'Nigeria', 'France', 'Ireland', 'Japan'];
const SQUAD: string[] = ['GK', 'GK', 'DF', 'DF', 'DF', 'DF', 'MF', 'MF', 'MF', 'FW', 'FW'];

function players(random: SeededRandom): CellValue[][] {
  const rows: CellValue[][] = [];
  const taken = new Set<string>();
  for (const club of clubs) {
    // Nine or ten per club: the second goalkeeper is not in every squad.
    const squad = random.chance(0.5) ? SQUAD : SQUAD.slice(1);
    squad.forEach((position, index) => {
      let nation = random.pick(NATIONS);
      let first = '';
      let surname = '';
      for (let attempt = 0; attempt < 20; attempt++) {
        const [firsts, surnames] = NAMES[nation] ?? [[], []];
        first = random.pick(firsts);
        surname = random.pick(surnames);
        if (!taken.has(`${first} ${surname}`)) break;
        nation = random.pick(NATIONS);
      }
      taken.add(`${first} ${surname}`);
      const keeper = position === 'GK';
      const height = keeper ? random.int(185, 199) : random.int(168, 192);
      const weight = Math.round((height - 100) * (0.78 + random.next() * 0.18) * 2) / 2;
      const dob = isoDay('1988-01-01', random.int(0, 6900));
      const shirt = keeper ? (index === 0 ? 1 : 30) : index + 1 + (random.chance(0.3) ? 10 : 0);
      rows.push([rows.length + 1, club[0] ?? null, first, surname, position, nation, dob, height, weight, shirt]);
    });
  }
  return rows;
}

const REFEREES = ['M. Oliver', 'K. Friend', 'A. Madley', 'S. Attwell', 'R. Jones', 'P. Tierney'];

/** Goals per side: mostly 0-2, now and then more. */
const goalsFor = (random: SeededRandom, home: boolean): number => {
  const roll = random.next() + (home ? 0.08 : 0);
  return roll < 0.4 ? 0 : roll < 0.76 ? 1 : roll < 0.94 ? 2 : roll < 1.0 ? 3 : 4;
};

function fixtures(random: SeededRandom, playerRows: CellValue[][]): { matches: CellValue[][]; goals: CellValue[][] } {
  const matches: CellValue[][] = [];
  const goals: CellValue[][] = [];
  const clubIds = clubs.map((c) => c[0] as number);
  const seasons: [string, string][] = [['2023-24', '2023-08-12'], ['2024-25', '2024-08-10']];
  seasons.forEach(([season, start], seasonIndex) => {
    let round = 0;
    for (let i = 0; i < clubIds.length; i++) {
      for (let j = i + 1; j < clubIds.length; j++) {
        // Alternate who is at home, and give the return fixture to the other club the next season.
        const swap = ((i + j) % 2 === 0) !== (seasonIndex === 1);
        const home = (swap ? clubIds[j] : clubIds[i]) ?? 0;
        const away = (swap ? clubIds[i] : clubIds[j]) ?? 0;
        const date = isoDay(start, Math.floor(round / 4) * 7 + (round % 2));
        round++;
        const hg = goalsFor(random, true);
        const ag = goalsFor(random, false);
        const attendance = random.chance(0.04) ? null : random.int(2400, 21_500);
        const id = matches.length + 1;
        matches.push([id, season, date, home, away, hg, ag, attendance, random.pick(REFEREES)]);
        for (const [club, count] of [[home, hg], [away, ag]] as const) {
          const squad = playerRows.filter((p) => p[1] === club && p[4] !== 'GK');
          const scorers = squad.filter((p) => p[4] === 'FW' || p[4] === 'MF');
          for (let g = 0; g < count; g++) {
            const scorer = random.chance(0.8) ? random.pick(scorers) : random.pick(squad);
            goals.push([goals.length + 1, id, scorer[0] ?? null, random.int(1, 90), random.chance(0.12) ? 1 : 0]);
          }
        }
      }
    }
  });
  return { matches, goals };
}

export const football: HeldoutDatabase = {
  name: 'football',
  schema,
  fill(db: Database.Database): void {
    const random = seededRandom(3303);
    const playerRows = players(random);
    const { matches, goals } = fixtures(random, playerRows);
    insertRows(db, 'clubs', ['id', 'name', 'city', 'founded', 'manager', 'colours'], clubs);
    insertRows(db, 'players', ['id', 'club_id', 'first_name', 'surname', 'position', 'nationality', 'dob', 'height_cm', 'weight_kg', 'shirt_no'], playerRows);
    insertRows(db, 'matches', ['id', 'season', 'match_date', 'home_club_id', 'away_club_id', 'home_goals', 'away_goals', 'attendance', 'referee'], matches);
    insertRows(db, 'goals', ['id', 'match_id', 'player_id', 'minute', 'penalty'], goals);
  },
};
