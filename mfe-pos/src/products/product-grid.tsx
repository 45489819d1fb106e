import type { Category, Product } from '@kassa/contracts';
import { formatMoney, textColourOn } from '@kassa/ui';
import { memo, useMemo } from 'react';
import { LONG_PRODUCT_NAME, searchProducts } from './product-search';

export interface ProductGridProps {
  categories: readonly Category[];
  query: string;
  onAdd: (product: Product) => void;
}

/**
 * SPEC "Till screen": products grouped by category in the category's colour, or one group "Results" while searching.
 * Memoised: a cart change re-renders nothing here.
 */
export const ProductGrid = memo(function ProductGrid({ categories, query, onAdd }: ProductGridProps) {
  const results = useMemo(() => (query.trim() ? searchProducts(categories, query) : null), [categories, query]);

  if (results) {
    return (
      <section className="till-group" aria-label="Results">
        <h2 className="till-group__title">Results</h2>
        {results.length === 0 ? (
          <p className="k-empty">No products match &ldquo;{query.trim()}&rdquo;.</p>
        ) : (
          <div className="till-grid">
            {results.map((p) => (
              <ProductTile key={p.id} product={p} colour={p.colour} onAdd={onAdd} />
            ))}
          </div>
        )}
      </section>
    );
  }

  return (
    <>
      {categories
        .filter((c) => c.products.length > 0)
        .map((c) => (
          <CategoryGroup key={c.id} category={c} onAdd={onAdd} />
        ))}
    </>
  );
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
