import type { MenuCategory, MenuProduct } from '@kassa/contracts';
import { formatMoney, textColourOn } from '@kassa/ui';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { SlideFrame } from '../shared/slide-frame';
import { barMenuApi, MENU_POLL_MS, useGetMenuQuery } from './bar-menu-api';
import { LONG_NAME, MENU_COLUMNS, MENU_MIN_SCALE, needsDepositTag, planMenu, type MenuBlock, type MenuBox } from './menu-layout';
import './bar-menu.css';

/** When the menu needs more than one screen, each page shows this long. */
export const MENU_PAGE_MS = 10_000;

export function BarMenuSlide() {
  // As often as the last menu said (the catalog's MENU_REFRESH_MS), 30 s until one has arrived.
  const refreshMs = barMenuApi.endpoints.getMenu.useQueryState().data?.refreshMs;
  // Old data stays on screen while a poll runs or fails: the wall never blanks.
  const { data, isError } = useGetMenuQuery(undefined, { pollingInterval: refreshMs ?? MENU_POLL_MS });
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

/**
 * The screen area the columns get, measured when it first has a size and whenever it changes (a ResizeObserver
 * reports after layout and before paint, so the first frame is already fitted). Null where nothing is laid out.
 */
function useMenuBox(viewport: RefObject<HTMLElement | null>, grid: RefObject<HTMLElement | null>): MenuBox | null {
  const [box, setBox] = useState<MenuBox | null>(null);
  useEffect(() => {
    const v = viewport.current;
    if (!v || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const g = grid.current;
      const fontSize = parseFloat(getComputedStyle(v).fontSize);
      const gap = g ? parseFloat(getComputedStyle(g).columnGap) || 0 : 0;
      const height = v.clientHeight;
      const columnWidth = (v.clientWidth - gap * (MENU_COLUMNS - 1)) / MENU_COLUMNS;
      const next = height > 0 && columnWidth > 0 && fontSize > 0 ? { height, columnWidth, fontSize } : null;
      setBox((prev) =>
        prev && next && prev.height === next.height && prev.columnWidth === next.columnWidth && prev.fontSize === next.fontSize
          ? prev
          : next,
      );
    };
    const observer = new ResizeObserver(measure);
    observer.observe(v);
    return () => observer.disconnect();
  }, [viewport, grid]);
  return box;
}

function MenuColumns({ categories }: { categories: MenuCategory[] }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const box = useMenuBox(viewportRef, gridRef);
  // The plan estimates text widths; when a column still overflows on the real screen the type goes a step smaller.
  const [cap, setCap] = useState<{ categories: MenuCategory[]; box: MenuBox | null; max: number } | null>(null);
  const maxScale = cap && cap.categories === categories && cap.box === box ? cap.max : 1;
  const plan = useMemo(() => planMenu(categories, box, maxScale), [categories, box, maxScale]);
  const [page, setPage] = useState(0);
  const pageCount = plan.pages.length;
  const shown = page < pageCount ? page : 0;

  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!grid || !box || plan.scale <= MENU_MIN_SCALE) return;
    const overflowing = [...grid.children].some((c) => c.scrollHeight > c.clientHeight + 1);
    if (overflowing) setCap({ categories, box, max: Math.round((plan.scale - 0.02) * 100) / 100 });
  }, [plan, box, categories]);

  useEffect(() => {
    if (pageCount < 2) return;
    const timer = setInterval(() => setPage((p) => (p + 1) % pageCount), MENU_PAGE_MS);
    return () => clearInterval(timer);
  }, [pageCount]);

  const columns = plan.pages[shown] ?? [];
  return (
    <div ref={viewportRef} className="menu__viewport">
      <div
        key={shown}
        ref={gridRef}
        className="menu__columns"
        style={{ '--menu-scale': plan.scale.toFixed(2) } as CSSProperties}
      >
        {columns.map((blocks, i) => (
          <div key={i} className="menu__column">
            {blocks.map((block) => (
              <CategoryBlock key={`${block.name}-${block.continued ? block.products[0]?.name : ''}`} block={block} />
            ))}
          </div>
        ))}
      </div>
      {pageCount > 1 ? (
        <div className="menu__pager" aria-label={`Page ${shown + 1} of ${pageCount}`}>
          {plan.pages.map((_, i) => (
            <span key={i} className={`menu__dot${i === shown ? ' menu__dot--on' : ''}`} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function CategoryBlock({ block }: { block: MenuBlock }) {
  const band = { backgroundColor: block.colour, color: textColourOn(block.colour) };
  return (
    <section
      className={`menu__category${block.continued ? ' menu__category--continued' : ''}`}
      style={{ borderColor: block.colour }}
      aria-label={block.name}
    >
      <h2 className="menu__category-name" style={band}>
        {block.name}
      </h2>
      <ul className="menu__items">
        {block.products.map((product, i) => (
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
        <span>{product.name}</span>
        {needsDepositTag(product) ? <span className="menu__deposit">statiegeld</span> : null}
        {product.adultsOnly ? (
          <span className="menu__deposit menu__adults" title="Alleen voor 18 jaar en ouder">
            18+
          </span>
        ) : null}
      </span>
      <span className="menu__price">{formatMoney(product.price)}</span>
    </li>
  );
}
