import type { KassaError } from '@kassa/api-client';
import { AdminProductBody, VatRate, type AdminCategory, type AdminProduct } from '@kassa/contracts';
import { Button, centsToInput, ConfirmModal, formatMoney, Money, TextField, useDialogs } from '@kassa/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AdminPage, NewButton } from '../shared/admin-page';
import { ListTotal } from '../shared/filters';
import { FormModal } from '../shared/form-modal';
import { centsOf, euros, field, RecordOptions, SelectField, useServerLines } from '../shared/forms';
import { EditHistoryDelete } from '../shared/history-link';
import { actionsColumn, PagedTable, type Column } from '../shared/list-table';
import { Notice, useNotice } from '../shared/notice';
import { SearchForm } from '../shared/search-form';
import { useListParams } from '../shared/use-list-params';
import { ProductSales } from './product-sales';
import { useDeleteProductMutation, useGetAdminCategoriesQuery, useGetAdminProductsQuery, useSaveProductMutation } from './products-api';
import './products.css';

export const PAGE_SIZE = 15;

const Price = euros({ zero: true, negative: true }).pipe(AdminProductBody.shape.price);

/** A price as typed ("2,35") to cents, with the lines the server would answer. */
export const parsePrice = (text: string) => centsOf(Price, text);

/** The form's fields as typed: the contract's name, price and deposit (euros; empty for none), the rest as chosen. */
const ProductFields = z.object({
  name: AdminProductBody.shape.name,
  price: Price,
  categoryId: z.string().min(1, 'Choose a category.'),
  vatRate: z.enum(['21', '9', '0']).transform(Number).pipe(VatRate),
  depositAmount: euros({ zero: true, negative: true, empty: 0 }).pipe(AdminProductBody.shape.depositAmount.unwrap()),
  hidden: z.boolean(),
  adultsOnly: z.boolean(),
});

const valuesOf = (p: AdminProduct | null, categories: AdminCategory[]): z.input<typeof ProductFields> =>
  p
    ? { name: p.name, price: centsToInput(p.price), categoryId: p.categoryId, vatRate: `${p.vatRate}`, depositAmount: p.depositAmount > 0 ? centsToInput(p.depositAmount) : '', hidden: p.hidden, adultsOnly: p.adultsOnly }
    : { name: '', price: '', categoryId: categories[0]?.id ?? '', vatRate: '21', depositAmount: '', hidden: false, adultsOnly: false };

/** The create and edit form, in a modal; lines under the fields for what the server or the form refuses. */
function ProductForm({ product, categories, onDone }: { product: AdminProduct | null; categories: AdminCategory[]; onDone: (saved: AdminProduct | null) => void }) {
  const form = useForm({ resolver: zodResolver(ProductFields), reValidateMode: 'onSubmit', defaultValues: valuesOf(product, categories) });
  const server = useServerLines(form);
  const [save, { isLoading }] = useSaveProductMutation();

  const submit = server.submit((values) => save({ id: product?.id ?? null, body: { ...values, position: product?.position ?? 0 } }), onDone, ['name', 'price', 'categoryId', 'depositAmount'], 'Saving the product failed');

  return (
    <FormModal title={product ? `Edit ${product.name}` : 'New product'} submitLabel="Save" busy={isLoading} lines={server.lines} onSubmit={() => submit()} onCancel={() => onDone(null)}>
      <TextField label="Name" maxLength={100} {...field(form, 'name')} autoFocus />
      <TextField label="Price (€)" inputMode="decimal" placeholder="2,35" {...field(form, 'price')} />
      <SelectField label="Category" {...field(form, 'categoryId')}>
        <RecordOptions records={categories} />
      </SelectField>
      <SelectField label="VAT rate" {...form.register('vatRate')}>
        <option value="21">21 % (drinks with alcohol, most goods)</option>
        <option value="9">9 % (soft drinks, food)</option>
        <option value="0">0 %</option>
      </SelectField>
      <TextField
        label="Deposit (€, statiegeld per unit)"
        inputMode="decimal"
        placeholder="0,25"
        hint="Charged on top of the price and paid back when the packaging is returned; empty for none."
        {...field(form, 'depositAmount')}
      />
      <label className="k-checkbox">
        <input type="checkbox" {...form.register('hidden')} />
        <span>Hidden (not for sale; stays in past sales and counts)</span>
      </label>
      <label className="k-checkbox">
        <input type="checkbox" {...form.register('adultsOnly')} />
        <span>18+ (alcohol: the till checks the buyer's age when the settings say so)</span>
      </label>
    </FormModal>
  );
}

/**
 * /admin/products: products by name, 15 a page, with a name search and a category filter in the URL; create, edit,
 * hide, erase (never sold only, after confirming) and each product's sales: today, this year and the year chart.
 */
export function ProductsPage() {
  const { filters, page, go } = useListParams(['search', 'categoryId']);
  const query = useGetAdminProductsQuery({
    page,
    perPage: PAGE_SIZE,
    search: filters.search || null,
    categoryId: filters.categoryId || null,
  });
  const { data } = query;
  const categories = useGetAdminCategoriesQuery().data?.categories ?? [];
  const byId = new Map(categories.map((c) => [c.id, c]));
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [erasing, setErasing] = useState<AdminProduct | null>(null);
  const [salesOf, setSalesOf] = useState<string | null>(null);
  const [notice, setNotice] = useNotice();
  const [erase] = useDeleteProductMutation();
  const dialogs = useDialogs();

  const columns: Column<AdminProduct>[] = [
    {
      header: 'Name',
      cellClassName: 'products__name',
      phone: 'start',
      cell: (p) => (
        <>
          {p.name}
          {p.hidden ? <span className="k-tag products__tag">Hidden</span> : null}
          {p.adultsOnly ? <span className="k-tag k-tag--warning products__tag">18+</span> : null}
          {p.deposit ? <span className="k-tag k-tag--info products__tag">{p.depositAmount > 0 ? `Deposit ${formatMoney(p.depositAmount)}` : 'Deposit'}</span> : null}
        </>
      ),
    },
    {
      header: 'Category',
      phone: 'hide',
      cell: (p) => {
        const category = byId.get(p.categoryId);
        return (
          <>
            {category ? <span className="products__swatch" style={{ background: category.colour }} aria-hidden="true" /> : null}
            {category?.name ?? '—'}
          </>
        );
      },
    },
    { header: 'Price', className: 'k-num', phone: 'end', cell: (p) => <Money cents={p.price} tone="plain" /> },
    { header: 'VAT', phone: 'hide', cell: (p) => `${p.vatRate} %` },
    actionsColumn((p) => (
      <>
        <Button onClick={() => setSalesOf(salesOf === p.id ? null : p.id)} aria-expanded={salesOf === p.id} aria-label={`Sales of ${p.name}`}>
          Sales
        </Button>
        <EditHistoryDelete id={p.id} name={p.name} onEdit={() => setEditing(p)} onDelete={() => setErasing(p)} />
      </>
    )),
  ];

  const doErase = async (p: AdminProduct) => {
    setErasing(null);
    const result = await erase(p.id);
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Deleting failed' });
    setNotice(`${p.name} is deleted.`);
  };

  const empty = filters.search || filters.categoryId ? 'No products match.' : 'No products yet.';
  const sales = (p: AdminProduct) => (salesOf === p.id ? <ProductSales product={p} /> : null);
  return (
    <AdminPage page="products" actions={<NewButton label="New product" onClick={() => setEditing('new')} disabled={categories.length === 0} />}>
      <div className="k-stack">
        <SearchForm label="Search by name" initial={filters.search ?? ''} onSearch={(search) => go({ search })} className="products__filters">
          <SelectField label="Category" value={filters.categoryId ?? ''} onChange={(e) => go({ categoryId: e.target.value })}>
            <option value="">All categories</option>
            <RecordOptions records={categories} />
          </SelectField>
          <ListTotal total={data?.total} />
        </SearchForm>
        <Notice text={notice} />
        <PagedTable query={query} paging={{ page, go }} loadingLabel="Loading products" empty={empty} className="products__table" phone columns={columns} below={sales} />
      </div>
      {editing ? (
        <ProductForm
          product={editing === 'new' ? null : editing}
          categories={categories}
          onDone={(saved) => {
            if (saved) setNotice(`${saved.name} is saved at ${formatMoney(saved.price)}${saved.hidden ? ' (hidden)' : ''}. Tills show it within a minute.`);
            setEditing(null);
          }}
        />
      ) : null}
      {erasing ? (
        <ConfirmModal title={`Delete ${erasing.name}`} confirmLabel="Delete" variant="danger" onConfirm={() => void doErase(erasing)} onCancel={() => setErasing(null)}>
          <p>
            This erases {erasing.name} for good. A product that was ever sold cannot be erased, because past sales name it: hide it instead (Edit, Hidden).
          </p>
        </ConfirmModal>
      ) : null}
    </AdminPage>
  );
}
