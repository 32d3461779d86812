/**
 * Test fixtures: the real demo model file (loaded with the semantic loader) and a value index holding
 * the demo catalogue's categories, product titles and cities (packages/demo-data/src/shop-catalogues.ts).
 */
import { DEMO_MODEL_PATH } from '@askdata/demo-data/model';
import { loadModelFile } from '../../src/semantic/load-model-file';
import type { SemanticModel } from '../../src/semantic/semantic-model';
import type { IndexedValue } from '../../src/semantic/value-index';

export const DEMO_MODEL_FILE = DEMO_MODEL_PATH;

let cached: SemanticModel | undefined;
export function demoModel(): SemanticModel {
  cached ??= loadModelFile(DEMO_MODEL_FILE);
  return cached;
}

const categories = [
  'Accessories', 'Audio', 'Phone', 'Gaming', 'Wearable', 'Laptop', 'Fiction', 'Non-fiction', 'Children', 'Cookbooks',
  'Home Decor', 'Kitchen', 'Stationery', 'Running', 'Camping', 'Fitness', 'Cycling', 'Winter Sports', 'Water Sports',
];
const titles = [
  'USB-C Charger', 'Phone Case', 'Lightning Cable', 'Wireless Mouse', 'Screen Protector', 'Mechanical Keyboard', 'Laptop Sleeve',
  'AirPods Pro', 'Sony WH-1000XM5', 'JBL Flip 6', 'Bose QuietComfort Earbuds', 'Sonos One', 'iPhone 15', 'Samsung Galaxy S24',
  'iPhone 15 Pro', 'Google Pixel 8', 'OnePlus 12', 'Nintendo Switch', 'PlayStation 5', 'DualSense Controller', 'Xbox Series X',
  'Steam Deck', 'Apple Watch', 'Fitbit Charge 6', 'Samsung Galaxy Watch', 'Garmin Forerunner 265', 'MacBook Air', 'Dell XPS 13',
  'MacBook Pro', 'Lenovo ThinkPad X1', 'HP Spectre x360', 'Asus Zenbook 14',
];
const cities = [
  'New York', 'San Francisco', 'Seattle', 'Austin', 'Chicago', 'Boston', 'Miami', 'Denver', 'Portland', 'Minneapolis',
  'Philadelphia', 'Savannah', 'Salt Lake City', 'Boulder', 'Bend', 'Anchorage',
];

export const demoValues: IndexedValue[] = [
  ...categories.map((value) => ({ entity: 'products', field: 'category', value })),
  ...titles.map((value) => ({ entity: 'products', field: 'title', value })),
  ...cities.map((value) => ({ entity: 'users', field: 'city', value })),
];

/** 2026-11-22T10:00:00Z, a Sunday. */
export const NOW = new Date('2026-11-22T10:00:00Z');
