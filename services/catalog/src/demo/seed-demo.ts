import type { Connection } from 'mongoose';
import { categoryModel } from '../models/category.model';
import { productModel } from '../models/product.model';
import { reasonModel } from '../models/reason.model';

const euro = (e: number) => Math.round(e * 100);

/**
 * [name, price in euro, deposit in euro] per category (Dutch statiegeld: a crate € 3,90, a bottle € 0,10 or € 0,25);
 * `adults`: its products with alcohol are 18+.
 */
const DEMO: { name: string; colour: string; adults?: boolean; products: [string, number, number?][] }[] = [
  {
    name: 'Bier',
    colour: '#f2b705',
    adults: true,
    products: [
      ['Pils', 2.5], ['Speciaal', 3.5], ['Radler', 2.5], ['Witbier', 3], ['IPA', 3.75], ['Alcoholvrij bier', 2.25],
      ['Krat pils (statiegeld)', 3.9, 3.9], ['Fles pils', 2.75, 0.1],
    ],
  },
  {
    name: 'Fris',
    colour: '#2e86de',
    products: [
      ['Cola', 2], ['Cola zero', 2], ['Spa rood', 2], ['Spa blauw', 1.75], ['Sinas', 2], ['Ice tea', 2.25],
      ['Fles cola (statiegeld)', 2.4, 0.25], ['Appelsap', 2.25],
    ],
  },
  {
    name: 'Snacks',
    colour: '#e67e22',
    products: [
      ['Chips', 1.2], ['Tosti', 2], ['Bitterballen (6)', 4.5], ['Kaasstengels', 3.5], ['Nootjes', 1.5], ['Mars', 1.25],
      ['Broodje kroket met mosterd en een klein bakje mayonaise', 3.25],
    ],
  },
  {
    name: 'Warme dranken',
    colour: '#8e44ad',
    products: [['Koffie', 1.5], ['Thee', 1.2], ['Cappuccino', 2], ['Warme chocolademelk', 2.25]],
  },
  {
    name: 'Wijn en sterk',
    colour: '#c0392b',
    adults: true,
    products: [['Rode wijn', 3.5], ['Witte wijn', 3.5], ['Rosé', 3.5], ['Jägermeister', 3], ['Glas port', 3.25]],
  },
];

const REASONS = ['Bestuur', 'Representatie', 'Vrijwilligers', 'Breuk of derving', 'Sponsor'];

/** Seeds the demo catalog on an empty database; does nothing when categories exist. */
export async function seedCatalogDemo(db: Connection): Promise<boolean> {
  const Category = categoryModel(db);
  const Product = productModel(db);
  const Reason = reasonModel(db);
  if ((await Category.countDocuments()) > 0) return false;
  for (const [position, cat] of DEMO.entries()) {
    const created = await Category.create({ name: cat.name, colour: cat.colour, position });
    await Product.insertMany(
      cat.products.map(([name, price, deposit], i) => ({ name, price: euro(price), deposit: (deposit ?? 0) > 0, depositAmount: euro(deposit ?? 0), categoryId: created._id, position: i, adultsOnly: (cat.adults ?? false) && !name.startsWith('Alcoholvrij') })),
    );
  }
  await Reason.insertMany(REASONS.map((name, position) => ({ name, position })));
  return true;
}

/** Adds `count` products spread over 20 extra categories, for benchmarks of the till grid and search. */
export async function seedLargeCatalog(db: Connection, count: number): Promise<void> {
  const Category = categoryModel(db);
  const Product = productModel(db);
  const colours = ['#16a085', '#27ae60', '#2980b9', '#8e44ad', '#d35400', '#c0392b', '#7f8c8d', '#f39c12', '#2c3e50', '#e84393'];
  const words = ['Huis', 'Tap', 'Fles', 'Klein', 'Groot', 'Dubbel', 'Tripel', 'Blond', 'Donker', 'Zuur', 'Zoet', 'Hop', 'Gerst', 'Kruiden', 'Citrus', 'Bessen'];
  const existing = await Category.countDocuments();
  const cats = await Category.insertMany(
    Array.from({ length: 20 }, (_, i) => ({ name: `Assortiment ${existing + i + 1}`, colour: colours[i % colours.length], position: existing + i })),
  );
  const docs = Array.from({ length: count }, (_, i) => ({
    name: `${words[i % words.length]} ${words[(i * 7) % words.length]?.toLowerCase()} ${i + 1}`,
    price: 100 + ((i * 37) % 600),
    deposit: i % 25 === 0,
    depositAmount: i % 25 === 0 ? 10 : 0,
    categoryId: cats[i % cats.length]!._id,
    position: i,
  }));
  for (let i = 0; i < docs.length; i += 500) await Product.insertMany(docs.slice(i, i + 500));
}
