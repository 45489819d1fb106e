import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useKeepPageInRange, useListParams } from './use-list-params';

function List({ pageCount }: { pageCount: number | undefined }) {
  const { filters, page, go, filtered } = useListParams(['status', 'q'], { status: 'pending' });
  useKeepPageInRange(page, pageCount, go);
  const location = useLocation();
  return (
    <div>
      <p>
        page {page}, status {filters.status || 'all'}, q {filters.q || '-'}, {filtered ? 'filtered' : 'unfiltered'}
      </p>
      <p data-testid="url">{location.search}</p>
      <button onClick={() => go({ status: '' })}>all</button>
      <button onClick={() => go({ q: '  pils ' })}>search</button>
    </div>
  );
}

const at = (url: string, pageCount?: number) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <List pageCount={pageCount} />
    </MemoryRouter>,
  );

describe('useListParams', () => {
  it('reads filters with their defaults and the page from the URL', () => {
    at('/x?page=3&q=cola');
    expect(screen.getByText('page 3, status pending, q cola, filtered')).toBeInTheDocument();
  });

  it('keeps a filter that differs from its default, drops one equal to it, and goes back to page 1', () => {
    at('/x?page=3');
    fireEvent.click(screen.getByText('all'));
    expect(screen.getByTestId('url').textContent).toBe('?page=1&status=');
    fireEvent.click(screen.getByText('search'));
    expect(screen.getByTestId('url').textContent).toBe('?page=1&status=&q=pils');
  });

  it('moves a page past the end to the last page', () => {
    at('/x?page=9999', 58);
    expect(screen.getByText(/page 58,/)).toBeInTheDocument();
  });

  it('leaves the page alone while the page count is unknown or the list is empty', () => {
    at('/x?page=4', undefined);
    expect(screen.getByText(/page 4,/)).toBeInTheDocument();
    at('/y?page=5', 0);
    expect(screen.getByText(/page 5,/)).toBeInTheDocument();
  });
});
