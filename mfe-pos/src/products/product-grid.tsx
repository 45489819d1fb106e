import type { Category, Product } from '@kassa/contracts';
import { Button, formatMoney, textColourOn } from '@kassa/ui';
import { memo, useEffect, useMemo, useState } from 'react';
import { LONG_PRODUCT_NAME, prepareProductIndex, RESULTS_PAGE, searchProducts } from './product-search';

export interface ProductGridProps {
  categories: readonly Category[];
  query: string;
  onAdd: (product: Product) => void;
}

/**
 * SPEC "Till screen": products grouped by category in the category's colour, or one group "Results" while searching.
 * The category groups stay mounted, only hidden, during a search: neither the first keystroke nor clearing the search
 * takes down or rebuilds the whole catalogue (React's <Activity> would walk every tile's fiber on each switch). The
 * results stay mounted too, hidden, once a search is cleared, and their tiles are keyed by place: a keystroke changes
 * the names, prices and colours of the tiles there are instead of building new ones (bench/frontend's product search,
 * 2,000 products: a keystroke whose answer was already known took 5-9 ms with new tiles, 1-3 ms with these).
 * Memoised: a cart change re-renders nothing here.
 */
export const ProductGrid = memo(function ProductGrid({ categories, query, onAdd }: ProductGridProps) {
  const q = query.trim();
  useEffect(() => prepareProductIndex(categories), [categories]);
  // The last search stays drawn (hidden) after the field is cleared, for the next search to change in place; a new
  // product list drops it instead of searching it again for results nobody sees.
  const [last, setLast] = useState({ query: q, categories });
  if (q && (q !== last.query || categories !== last.categories)) setLast({ query: q, categories });
  const resultsQuery = q || (last.categories === categories ? last.query : '');
  return (
    <>
      <div hidden={q !== ''}>
        <CategoryGroups categories={categories} onAdd={onAdd} />
      </div>
      {resultsQuery ? <Results categories={categories} query={resultsQuery} onAdd={onAdd} hidden={!q} /> : null}
    </>
  );
});

const CategoryGroups = memo(function CategoryGroups({ categories, onAdd }: Omit<ProductGridProps, 'query'>) {
  return categories
    .filter((c) => c.products.length > 0)
    .map((c) => <CategoryGroup key={c.id} category={c} onAdd={onAdd} />);
});

const CategoryGroup = memo(function CategoryGroup({ category, onAdd }: { category: Category; onAdd: (p: Product) => void }) {
  return (
    <section className="till-group" aria-label={category.name} style={{ ['--till-cat' as string]: category.colour }}>
      <h2 className="till-group__title">{category.name}</h2>
      <div className="till-grid">
        {category.products.map((p) => (
          <ProductTile key={p.id} product={p} colour={category.colour} onAdd={onAdd} />
        ))}
      </div>
    </section>
  );
});

/** The best matches a page at a time; "Show more" reaches every match. */
function Results({ categories, query, onAdd, hidden }: ProductGridProps & { hidden: boolean }) {
  const matches = useMemo(() => searchProducts(categories, query), [categories, query]);
  // Back to one page whenever the search changes.
  const [paging, setPaging] = useState({ query, pages: 1 });
  const pages = paging.query === query ? paging.pages : 1;
  const shown = matches.slice(0, pages * RESULTS_PAGE);
  return (
    <section className="till-group" aria-label="Results" hidden={hidden}>
      <h2 className="till-group__title">Results</h2>
      {matches.length === 0 ? (
        <p className="k-empty">No products match &ldquo;{query}&rdquo;.</p>
      ) : (
        <div className="till-grid">
          {shown.map((p, place) => (
            // By place, not by product: the next keystroke's answer reuses these tiles (see ProductGrid).
            <ProductTile key={place} product={p} colour={p.colour} onAdd={onAdd} />
          ))}
        </div>
      )}
      {matches.length > shown.length ? (
        <div className="till-group__more">
          <Button size="lg" onClick={() => setPaging({ query, pages: pages + 1 })}>
            Show more
          </Button>
        </div>
      ) : null}
    </section>
  );
}

const ProductTile = memo(function ProductTile({ product, colour, onAdd }: { product: Product; colour: string; onAdd: (p: Product) => void }) {
  const long = product.name.length > LONG_PRODUCT_NAME;
  return (
    <button
      type="button"
      className={`till-tile${long ? ' till-tile--long' : ''}`}
      style={{ background: colour, color: textColourOn(colour) }}
      onClick={() => onAdd(product)}
    >
      <span className="till-tile__name" lang="nl">
        {product.name}
      </span>
      <span className="till-tile__price">{formatMoney(product.price)}</span>
    </button>
  );
});
