/**
 * A recipe site: lower-case snake_case with declared foreign keys, a recipe/ingredient link table that
 * carries a quantity and unit (`qty`), calories kept as TEXT, a vegetarian flag, a difficulty word,
 * publication dates and star ratings. Cuisine names were typed by hand and are not all spelt alike.
 */
import type Database from 'better-sqlite3';
import { insertRows, type CellValue, type HeldoutDatabase } from '../heldout-database';
import { isoDay, seededRandom } from '../seeded-random';

const schema = `
CREATE TABLE chefs (chef_id INTEGER PRIMARY KEY, fname TEXT NOT NULL, lname TEXT NOT NULL, country TEXT, dob TEXT, michelin_stars INTEGER);
CREATE TABLE recipes (recipe_id INTEGER PRIMARY KEY, name TEXT NOT NULL, cuisine TEXT, chef_id INTEGER REFERENCES chefs(chef_id), prep_mins INTEGER, cook_mins INTEGER, servings INTEGER, difficulty TEXT, vegetarian INTEGER NOT NULL, published TEXT);
CREATE TABLE ingredients (ingredient_id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT, kcal_per_100g TEXT, allergen TEXT);
CREATE TABLE recipe_ingredients (recipe_id INTEGER NOT NULL REFERENCES recipes(recipe_id), ingredient_id INTEGER NOT NULL REFERENCES ingredients(ingredient_id), qty REAL, unit TEXT, PRIMARY KEY (recipe_id, ingredient_id));
CREATE TABLE ratings (rating_id INTEGER PRIMARY KEY, recipe_id INTEGER NOT NULL REFERENCES recipes(recipe_id), stars INTEGER NOT NULL, reviewer TEXT, rated_on TEXT);
`;

const chefs: CellValue[][] = [
  [1, 'Giulia', 'Conti', 'Italy', '1979-03-14', 1],
  [2, 'Marcel', 'Aubry', 'France', '1966-10-02', 3],
  [3, 'Siti', 'Rahmat', 'Malaysia', '1988-06-21', 0],
  [4, 'Nok', 'Chaiyaporn', 'Thailand', '1975-01-30', 1],
  [5, 'Yael', 'Ben-David', 'Israel', '1983-09-09', 0],
  [6, 'Camille', 'Aubry', 'France', '1991-12-12', 0],
  [7, 'Diego', 'Herrera', 'Mexico', '1972-07-04', 2],
  [8, 'Hiroshi', 'Kondo', 'Japan', '1958-04-18', 3],
  [9, 'Ama', 'Owusu', 'Ghana', '1994-02-27', 0],
  [10, 'Sarah', 'Lindsay', 'United Kingdom', null, 0],
  [11, 'Rohan', 'Iyer', 'India', '1985-11-05', 1],
  [12, 'Lea', 'Fontaine', 'France', '1980-08-16', 2],
];

/** [id, name, cuisine, chef, prep, cook, servings, difficulty, vegetarian, published, ingredients [id, qty, unit]] */
type RecipeRow = [number, string, string, number, number, number, number, string, number, string, [number, number, string][]];
const recipes: RecipeRow[] = [
  [1, 'Focaccia', 'Italian', 1, 25, 25, 8, 'easy', 1, '2021-02-10', [[1, 500, 'g'], [2, 60, 'ml'], [3, 10, 'g'], [4, 7, 'g']]],
  [2, 'Shakshuka', 'Middle Eastern', 5, 10, 25, 4, 'easy', 1, '2021-05-03', [[6, 6, 'whole'], [7, 800, 'g'], [8, 1, 'whole'], [9, 3, 'clove'], [10, 1, 'tsp']]],
  [3, 'Pad Thai', 'Thai', 4, 20, 10, 2, 'medium', 0, '2021-07-19', [[11, 200, 'g'], [12, 150, 'g'], [6, 2, 'whole'], [13, 40, 'g'], [14, 2, 'tbsp']]],
  [4, 'Beef Rendang', 'Malaysian', 3, 30, 180, 6, 'hard', 0, '2022-01-08', [[15, 1000, 'g'], [16, 400, 'ml'], [9, 6, 'clove'], [17, 3, 'stalk']]],
  [5, 'Coq au Vin', 'French', 2, 30, 120, 6, 'hard', 0, '2020-11-20', [[18, 1500, 'g'], [19, 750, 'ml'], [20, 200, 'g'], [9, 4, 'clove'], [21, 250, 'g']]],
  [6, 'Risotto alla Milanese', 'italian', 1, 10, 30, 4, 'medium', 1, '2022-03-15', [[22, 320, 'g'], [23, 1, 'pinch'], [24, 60, 'g'], [25, 50, 'g'], [8, 1, 'whole']]],
  [7, 'Chicken Tinga Tacos', 'Mexican', 7, 20, 35, 4, 'medium', 0, '2022-06-01', [[18, 600, 'g'], [7, 400, 'g'], [26, 8, 'whole'], [8, 1, 'whole']]],
  [8, 'Miso Ramen', 'Japanese', 8, 30, 60, 4, 'hard', 0, '2023-01-12', [[27, 400, 'g'], [28, 4, 'tbsp'], [6, 4, 'whole'], [29, 1, 'l']]],
  [9, 'Jollof Rice', 'West African', 9, 20, 45, 6, 'medium', 1, '2023-02-20', [[30, 400, 'g'], [7, 400, 'g'], [8, 2, 'whole'], [31, 2, 'whole']]],
  [10, 'Victoria Sponge', 'British', 10, 25, 25, 8, 'easy', 1, '2020-09-09', [[1, 200, 'g'], [25, 200, 'g'], [6, 4, 'whole'], [32, 200, 'g'], [33, 4, 'tbsp']]],
  [11, 'Chana Masala', 'Indian', 11, 15, 35, 4, 'easy', 1, '2023-04-04', [[34, 480, 'g'], [7, 400, 'g'], [9, 3, 'clove'], [35, 2, 'tsp']]],
  [12, 'Tarte Tatin', 'French', 12, 30, 45, 8, 'hard', 1, '2021-10-30', [[36, 6, 'whole'], [32, 150, 'g'], [25, 100, 'g'], [37, 320, 'g']]],
  [13, 'Spaghetti Carbonara', 'Italian ', 1, 10, 15, 2, 'easy', 0, '2023-06-18', [[38, 200, 'g'], [6, 3, 'whole'], [20, 120, 'g'], [24, 50, 'g']]],
  [14, 'Green Curry', 'Thai', 4, 15, 20, 4, 'medium', 0, '2023-08-08', [[18, 500, 'g'], [16, 400, 'ml'], [39, 3, 'tbsp'], [14, 1, 'tbsp']]],
  [15, 'Ratatouille', 'French', 6, 20, 60, 6, 'easy', 1, '2022-08-22', [[40, 2, 'whole'], [41, 2, 'whole'], [7, 400, 'g'], [9, 3, 'clove']]],
  [16, 'Okonomiyaki', 'Japanese', 8, 15, 15, 2, 'medium', 0, '2024-01-15', [[1, 150, 'g'], [6, 2, 'whole'], [42, 200, 'g'], [20, 100, 'g']]],
  [17, 'Guacamole', 'Mexican', 7, 10, 0, 4, 'easy', 1, '2024-02-02', [[43, 3, 'whole'], [31, 1, 'whole'], [8, 1, 'whole'], [3, 1, 'tsp']]],
  [18, 'Bouillabaisse', 'French', 2, 40, 50, 6, 'hard', 0, '2024-03-21', [[44, 1200, 'g'], [7, 400, 'g'], [23, 1, 'pinch'], [9, 4, 'clove']]],
  [19, 'Dal Tadka', 'Indian', 11, 10, 30, 4, 'easy', 1, '2024-05-05', [[45, 250, 'g'], [9, 4, 'clove'], [35, 1, 'tsp'], [25, 30, 'g']]],
  [20, 'Tiramisu', 'Italian', 1, 30, 0, 8, 'medium', 1, '2024-06-30', [[46, 500, 'g'], [6, 4, 'whole'], [32, 100, 'g'], [47, 300, 'ml']]],
  [21, 'Kelewele', 'West African', 9, 10, 10, 4, 'easy', 1, '2024-08-12', [[48, 4, 'whole'], [31, 1, 'whole'], [10, 1, 'tsp']]],
  [22, 'Sticky Toffee Pudding', 'British', 10, 25, 40, 6, 'medium', 1, '2024-11-01', [[49, 200, 'g'], [1, 175, 'g'], [25, 85, 'g'], [32, 140, 'g'], [6, 2, 'whole']]],
  [23, 'Salmon Teriyaki', 'Japanese', 8, 10, 15, 2, 'easy', 0, '2025-01-20', [[50, 300, 'g'], [14, 3, 'tbsp'], [28, 1, 'tbsp']]],
  [24, 'Hummus', 'Middle Eastern', 5, 10, 0, 6, 'easy', 1, '2025-03-03', [[34, 480, 'g'], [51, 3, 'tbsp'], [9, 1, 'clove'], [2, 30, 'ml']]],
];

/** [id, name, category, kcal per 100 g (text), allergen] */
const ingredients: CellValue[][] = [
  [1, 'Flour', 'Baking', '364', 'gluten'], [2, 'Olive oil', 'Oil', '884', null], [3, 'Salt', 'Seasoning', '0', null],
  [4, 'Yeast', 'Baking', '325', null], [5, 'Rosemary', 'Herb', '131', null], [6, 'Egg', 'Dairy & eggs', '143', 'egg'],
  [7, 'Chopped tomatoes', 'Vegetable', '21', null], [8, 'Onion', 'Vegetable', '40', null], [9, 'Garlic', 'Vegetable', '149', null],
  [10, 'Paprika', 'Spice', '282', null], [11, 'Rice noodles', 'Grain', '364', null], [12, 'Prawns', 'Seafood', '99', 'shellfish'],
  [13, 'Peanuts', 'Nut', '567', 'nuts'], [14, 'Fish sauce', 'Sauce', '35', 'fish'], [15, 'Beef chuck', 'Meat', '250', null],
  [16, 'Coconut milk', 'Dairy alternative', '230', null], [17, 'Lemongrass', 'Herb', '99', null], [18, 'Chicken thighs', 'Meat', '209', null],
  [19, 'Red wine', 'Drink', '85', 'sulphites'], [20, 'Bacon', 'Meat', '541', null], [21, 'Mushrooms', 'Vegetable', '22', null],
  [22, 'Arborio rice', 'Grain', '349', null], [23, 'Saffron', 'Spice', '310', null], [24, 'Parmesan', 'Dairy & eggs', '431', 'milk'],
  [25, 'Butter', 'Dairy & eggs', '717', 'milk'], [26, 'Corn tortillas', 'Grain', '218', null], [27, 'Ramen noodles', 'Grain', '436', 'gluten'],
  [28, 'Miso paste', 'Sauce', '199', 'soy'], [29, 'Chicken stock', 'Stock', '15', null], [30, 'Long-grain rice', 'Grain', '365', null],
  [31, 'Scotch bonnet', 'Vegetable', '40', null], [32, 'Sugar', 'Baking', '387', null], [33, 'Strawberry jam', 'Preserve', '250', null],
  [34, 'Chickpeas', 'Legume', '164', null], [35, 'Garam masala', 'Spice', '379', null], [36, 'Apples', 'Fruit', '52', null],
  [37, 'Puff pastry', 'Baking', '558', 'gluten'], [38, 'Spaghetti', 'Grain', '371', 'gluten'], [39, 'Green curry paste', 'Sauce', '130', 'fish'],
  [40, 'Aubergine', 'Vegetable', '25', null], [41, 'Courgette', 'Vegetable', '17', null], [42, 'Cabbage', 'Vegetable', '25', null],
  [43, 'Avocado', 'Fruit', '160', null], [44, 'Mixed white fish', 'Seafood', '90', 'fish'], [45, 'Red lentils', 'Legume', '358', null],
  [46, 'Mascarpone', 'Dairy & eggs', '429', 'milk'], [47, 'Espresso', 'Drink', '9', null], [48, 'Plantains', 'Fruit', '122', null],
  [49, 'Dates', 'Fruit', '282', null], [50, 'Salmon fillet', 'Seafood', '208', 'fish'], [51, 'Tahini', 'Sauce', '595', 'sesame'],
  [52, 'Truffle oil', 'Oil', '884', null],
];

const REVIEWERS = ['hungryhannah', 'Ben K', 'mo_cooks', 'Priya', 'dave', 'chef_at_home', 'Lou', 'Greg T', 'anon', 'kitchenkate'];
const UNRATED = new Set([18, 21, 24]);

function ratings(): CellValue[][] {
  const random = seededRandom(6606);
  const rated = recipes.filter((r) => !UNRATED.has(r[0]));
  const rows: CellValue[][] = [];
  for (let n = 0; n < 76; n++) {
    const recipe = random.pick(rated);
    // Each recipe has a "true" quality the stars scatter around.
    const quality = 2.5 + ((recipe[0] * 37) % 25) / 10;
    const stars = Math.max(1, Math.min(5, Math.round(quality + (random.next() - 0.5) * 2.4)));
    const rated_on = isoDay(recipe[9], random.int(3, 600));
    rows.push([recipe[0], stars, random.pick(REVIEWERS), rated_on]);
  }
  rows.sort((a, b) => String(a[3]).localeCompare(String(b[3])));
  return rows.map((row, index) => [index + 1, ...row]);
}

export const recipesDatabase: HeldoutDatabase = {
  name: 'recipes',
  schema,
  fill(db: Database.Database): void {
    insertRows(db, 'chefs', ['chef_id', 'fname', 'lname', 'country', 'dob', 'michelin_stars'], chefs);
    insertRows(db, 'recipes', ['recipe_id', 'name', 'cuisine', 'chef_id', 'prep_mins', 'cook_mins', 'servings', 'difficulty', 'vegetarian', 'published'], recipes.map((r) => r.slice(0, 10) as CellValue[]));
    insertRows(db, 'ingredients', ['ingredient_id', 'name', 'category', 'kcal_per_100g', 'allergen'], ingredients);
    insertRows(db, 'recipe_ingredients', ['recipe_id', 'ingredient_id', 'qty', 'unit'], recipes.flatMap((r) => r[10].map(([ingredient, qty, unit]) => [r[0], ingredient, qty, unit])));
    insertRows(db, 'ratings', ['rating_id', 'recipe_id', 'stars', 'reviewer', 'rated_on'], ratings());
  },
};
