/**
 * The demo shops: three organisations with clearly different catalogues, sizes, cities and seasons, so that
 * per-tenant answers differ visibly and breakdowns are never flat. Everything here is plain data; the
 * generator turns it into rows with the seeded PRNG.
 */
export interface CatalogueProduct {
  title: string;
  price: number;
  /** Launched during the 24 months (at this fraction of the range) instead of before it. */
  launchedAt?: number;
}

export interface CatalogueCategory {
  name: string;
  /** Share of the shop's orders (relative weight). */
  weight: number;
  /** Extra multipliers by calendar month (1-12), e.g. winter gear in December. */
  monthBoost?: Partial<Record<number, number>>;
  /** Listed most popular first: popularity falls off with the position. */
  products: CatalogueProduct[];
}

export interface ShopCatalogue {
  name: string;
  /** Share of all orders. */
  orderShare: number;
  /** Orders per customer on average (sets the customer count). */
  ordersPerCustomer: number;
  taxRate: number;
  /** Relative order volume by calendar month (1-12). */
  season: Record<number, number>;
  /** Volume at the end of the range relative to its start. */
  growth: number;
  /** City name -> [relative weight, zip prefix]. */
  cities: Record<string, [number, string]>;
  categories: CatalogueCategory[];
}

const p = (title: string, price: number, launchedAt?: number): CatalogueProduct => (launchedAt === undefined ? { title, price } : { title, price, launchedAt });

export const shopCatalogues: readonly ShopCatalogue[] = [
  {
    name: 'Brightbyte Electronics',
    orderShare: 0.58,
    ordersPerCustomer: 5,
    taxRate: 0.08,
    season: { 1: 0.75, 2: 0.7, 3: 0.85, 4: 0.85, 5: 0.9, 6: 0.9, 7: 0.95, 8: 1.05, 9: 1.1, 10: 1.05, 11: 1.7, 12: 2.2 },
    growth: 1.35,
    cities: { 'New York': [9, '100'], 'San Francisco': [7, '941'], Seattle: [5, '981'], Austin: [4, '787'], Chicago: [4, '606'], Boston: [3, '021'], Miami: [2, '331'], Denver: [1, '802'] },
    categories: [
      { name: 'Accessories', weight: 32, products: [p('USB-C Charger', 29), p('Phone Case', 25), p('Lightning Cable', 19), p('Wireless Mouse', 49), p('Screen Protector', 15), p('Mechanical Keyboard', 129), p('Laptop Sleeve', 39)] },
      { name: 'Audio', weight: 20, products: [p('AirPods Pro', 249), p('Sony WH-1000XM5', 399), p('JBL Flip 6', 129), p('Bose QuietComfort Earbuds', 279), p('Sonos One', 219)] },
      { name: 'Phone', weight: 15, products: [p('iPhone 15', 799), p('Samsung Galaxy S24', 859), p('iPhone 15 Pro', 999), p('Google Pixel 8', 699), p('OnePlus 12', 799, 0.55)] },
      { name: 'Gaming', weight: 13, monthBoost: { 11: 1.4, 12: 1.6 }, products: [p('Nintendo Switch', 299), p('PlayStation 5', 499), p('DualSense Controller', 69), p('Xbox Series X', 499), p('Steam Deck', 399)] },
      { name: 'Wearable', weight: 12, products: [p('Apple Watch', 399), p('Fitbit Charge 6', 159), p('Samsung Galaxy Watch', 299), p('Garmin Forerunner 265', 449, 0.35)] },
      { name: 'Laptop', weight: 8, monthBoost: { 8: 1.6, 9: 1.4 }, products: [p('MacBook Air', 1099), p('Dell XPS 13', 1299), p('MacBook Pro', 1999), p('Lenovo ThinkPad X1', 1549), p('HP Spectre x360', 1399), p('Asus Zenbook 14', 899)] },
    ],
  },
  {
    name: 'Paper & Pine',
    orderShare: 0.27,
    ordersPerCustomer: 4,
    taxRate: 0.07,
    season: { 1: 0.8, 2: 0.75, 3: 0.85, 4: 0.9, 5: 0.95, 6: 0.8, 7: 0.8, 8: 0.9, 9: 1.2, 10: 1.1, 11: 1.3, 12: 2.4 },
    growth: 1.1,
    cities: { Portland: [6, '972'], Boston: [5, '021'], 'New York': [5, '100'], Minneapolis: [3, '554'], Philadelphia: [3, '191'], Chicago: [2, '606'], Savannah: [1, '314'] },
    categories: [
      { name: 'Fiction', weight: 30, products: [p('The Midnight Library', 17), p('Project Hail Mary', 19), p('Lessons in Chemistry', 18), p('Tomorrow, and Tomorrow, and Tomorrow', 20), p('Demon Copperhead', 22, 0.4)] },
      { name: 'Non-fiction', weight: 18, products: [p('Atomic Habits', 16), p('Sapiens', 19), p('Educated', 15), p('Thinking, Fast and Slow', 18)] },
      { name: 'Children', weight: 14, monthBoost: { 12: 1.5 }, products: [p('The Very Hungry Caterpillar', 9), p('Where the Wild Things Are', 10), p('Goodnight Moon', 8)] },
      { name: 'Cookbooks', weight: 8, products: [p('Salt Fat Acid Heat', 29), p('Ottolenghi Simple', 32), p('The Joy of Cooking', 35)] },
      { name: 'Home Decor', weight: 12, products: [p('Scented Candle', 24), p('Linen Throw Pillow', 39), p('Wool Blanket', 89), p('Ceramic Vase', 45)] },
      { name: 'Kitchen', weight: 10, products: [p('French Press', 35), p('Cast Iron Skillet', 49), p("Chef's Knife", 79)] },
      { name: 'Stationery', weight: 8, monthBoost: { 9: 1.8 }, products: [p('Moleskine Notebook', 21), p('Fountain Pen', 45), p('Desk Planner', 25, 0.6)] },
    ],
  },
  {
    name: 'Summit Outdoor',
    orderShare: 0.15,
    ordersPerCustomer: 3,
    taxRate: 0.06,
    season: { 1: 1.1, 2: 0.8, 3: 0.95, 4: 1.1, 5: 1.4, 6: 1.6, 7: 1.6, 8: 1.3, 9: 0.9, 10: 0.8, 11: 1.0, 12: 1.3 },
    growth: 1.6,
    cities: { Denver: [8, '802'], 'Salt Lake City': [5, '841'], Boulder: [4, '803'], Seattle: [3, '981'], Bend: [2, '977'], Anchorage: [1, '995'] },
    categories: [
      { name: 'Running', weight: 26, products: [p('Trail Running Shoes', 139), p('Road Running Shoes', 129), p('Running Shorts', 35), p('Hydration Vest', 89)] },
      { name: 'Camping', weight: 20, monthBoost: { 5: 1.6, 6: 1.9, 7: 1.9, 8: 1.4 }, products: [p('Headlamp', 39), p('Sleeping Bag', 149), p('2-Person Tent', 299), p('Camping Stove', 79)] },
      { name: 'Fitness', weight: 18, monthBoost: { 1: 2.2 }, products: [p('Yoga Mat', 39), p('Resistance Bands', 25), p('Dumbbell Set', 119), p('Kettlebell', 59)] },
      { name: 'Cycling', weight: 16, monthBoost: { 4: 1.5, 5: 1.5, 6: 1.3 }, products: [p('Bike Helmet', 79), p('Cycling Gloves', 29), p('Road Bike', 1299), p('Mountain Bike', 1499)] },
      { name: 'Winter Sports', weight: 12, monthBoost: { 1: 2.0, 2: 1.6, 11: 1.8, 12: 2.4, 5: 0.2, 6: 0.1, 7: 0.1, 8: 0.2 }, products: [p('Ski Goggles', 119), p('Thermal Base Layer', 69), p('Ski Jacket', 279), p('Snowboard', 449, 0.5)] },
      { name: 'Water Sports', weight: 8, monthBoost: { 6: 2.2, 7: 2.5, 8: 1.8, 12: 0.3, 1: 0.2, 2: 0.2 }, products: [p('Snorkel Set', 49), p('Wetsuit', 219), p('Stand-Up Paddle Board', 599)] },
    ],
  },
];

export const firstNames = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Isabella', 'Lucas', 'Mia', 'Mateo', 'Amelia', 'Ethan', 'Harper', 'Aiden', 'Evelyn', 'Daniel', 'Chloe', 'Samuel', 'Priya', 'Wei', 'Fatima', 'Diego', 'Yuki', 'Omar', 'Grace', 'Leo', 'Nora', 'Hugo'];
export const lastNames = ['Smith', 'Johnson', 'Garcia', 'Brown', 'Miller', 'Davis', 'Martinez', 'Lopez', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Lee', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Nguyen', 'Patel', 'Chen', 'Kim', 'Rossi', 'Schmidt', 'Dubois', 'Silva', 'Khan', 'Novak', 'Murphy'];

/** Review comments by star rating (index 0 = 1 star). */
export const reviewComments: readonly (readonly string[])[] = [
  ['Broke after a week.', 'Very disappointed, returning it.', 'Not as described.'],
  ['Below expectations.', 'Works, but feels cheap.', 'Would not buy again.'],
  ['It is okay for the price.', 'Average, nothing special.', 'Does the job.'],
  ['Good quality, happy with it.', 'Works well, fast delivery.', 'Nice, would recommend.'],
  ['Absolutely love it!', 'Exceeded my expectations.', 'Perfect, would buy again.', 'Best purchase this year.'],
];
