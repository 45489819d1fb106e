import type { MenuCategory, MenuProduct } from '@kassa/contracts';
import { formatMoney, textColourOn } from '@kassa/ui';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { SlideFrame } from '../shared/slide-frame';
import { MENU_POLL_MS, useGetMenuQuery } from './bar-menu-api';
import { useMenuFit } from './use-menu-fit';
import './bar-menu.css';

/** SPEC 9: product names above 36 characters get the long-name style (as on the till's tiles). */
export const LONG_NAME = 36;
/** When the menu needs more than one screen, each page shows this long. */
export const MENU_PAGE_MS = 10_000;

export function BarMenuSlide() {
  // Old data stays on screen while a poll runs or fails: the wall never blanks.
  const { data, isError } = useGetMenuQuery(undefined, { pollingInterval: MENU_POLL_MS });
  return (
    <SlideFrame title="Bar menu" className="menu">
      {data ? (
        data.categories.length > 0 ? (
          <MenuColumns categories={data.categories} />
        ) : (
          <p className="slide__message">Nothing on the menu right now.</p>
        )
      ) : isError ? (
        <p className="slide__message">The menu cannot be loaded right now. It is tried again every 30 seconds.</p>
      ) : null}
    </SlideFrame>
  );
}

function MenuColumns({ categories }: { categories: MenuCategory[] }) {
  const columnsRef = useRef<HTMLDivElement>(null);
  const { scale, pages } = useMenuFit(columnsRef, categories);
  const [page, setPage] = useState(0);
  const shown = page < pages ? page : 0;

  useEffect(() => {
    if (pages < 2) return;
    const timer = setInterval(() => setPage((p) => (p + 1) % pages), MENU_PAGE_MS);
    return () => clearInterval(timer);
  }, [pages]);

  const style = {
    '--menu-scale': scale.toFixed(2),
    transform: shown > 0 ? `translateX(calc(${-shown} * (100% + var(--menu-gap))))` : undefined,
  } as CSSProperties;

  return (
    <div className="menu__viewport">
      <div key={shown} className="menu__page">
        <div ref={columnsRef} className="menu__columns" style={style}>
          {categories.map((category) => (
            <CategoryBlock key={category.name} category={category} />
          ))}
        </div>
      </div>
      {pages > 1 ? (
        <div className="menu__pager" aria-label={`Page ${shown + 1} of ${pages}`}>
          {Array.from({ length: pages }, (_, i) => (
            <span key={i} className={`menu__dot${i === shown ? ' menu__dot--on' : ''}`} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function CategoryBlock({ category }: { category: MenuCategory }) {
  const band = { backgroundColor: category.colour, color: textColourOn(category.colour) };
  return (
    <section className="menu__category" style={{ borderColor: category.colour }} aria-label={category.name}>
      <h2 className="menu__category-name" style={band}>
        {category.name}
      </h2>
      <ul className="menu__items">
        {category.products.map((product, i) => (
          <MenuLine key={`${i}-${product.name}`} product={product} />
        ))}
      </ul>
    </section>
  );
}

function MenuLine({ product }: { product: MenuProduct }) {
  const long = product.name.length > LONG_NAME;
  return (
    <li className={`menu__item${long ? ' menu__item--long' : ''}`} data-deposit={product.deposit || undefined}>
      <span className="menu__name">
        {product.name}
        {product.deposit ? <span className="menu__deposit">statiegeld</span> : null}
      </span>
      <span className="menu__price">{formatMoney(product.price)}</span>
    </li>
  );
}
