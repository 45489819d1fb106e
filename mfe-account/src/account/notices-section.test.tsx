import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, renderRemote, stubApi } from '../testing/render-remote';
import { NoticesSection } from './notices-section';

afterEach(() => vi.unstubAllGlobals());

const notice = (n: number, over: Record<string, unknown> = {}) => ({
  id: `64b7f0c2a1b2c3d4e5f607${String(n).padStart(2, '0')}`,
  kind: 'account_request.approved',
  to: 'marit@example.org',
  language: 'nl',
  subject: 'Je account is goedgekeurd',
  text: 'Beste Marit,\n\nHet bestuur heeft je aanvraag goedgekeurd.',
  createdAt: '2026-11-22T20:05:00Z',
  sentAt: '2026-11-22T20:05:01Z',
  tries: 1,
  lastError: null,
  ...over,
});

describe('Messages on /account', () => {
  it('lists each mail with its date and subject, newest first, and opens its text', async () => {
    const calls = stubApi({
      'GET /api/account/notices': () =>
        json(200, ok({ items: [notice(2, { subject: 'Aankondiging incasso van € 12,50', createdAt: '2026-12-01T09:00:00Z' }), notice(1)], pageCount: 1, total: 2 })),
    });
    renderRemote(<NoticesSection />);
    const section = screen.getByRole('region', { name: 'Messages' });
    const items = await within(section).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1 december 2026');
    expect(items[0]).toHaveTextContent('Aankondiging incasso van € 12,50');
    expect(items[1]).toHaveTextContent('22 november 2026');
    expect(items[1]).toHaveTextContent('Je account is goedgekeurd');
    await userEvent.setup().click(within(items[1]!).getByText('Je account is goedgekeurd'));
    expect(within(items[1]!).getByText(/Het bestuur heeft je aanvraag goedgekeurd/)).toBeVisible();
    expect(calls[0]?.url).toContain('page=1');
  });

  it('says when a mail has not gone out, and why', async () => {
    stubApi({
      'GET /api/account/notices': () =>
        json(200, ok({ items: [notice(2, { to: null, sentAt: null, lastError: 'No e-mail address' }), notice(1, { sentAt: null, tries: 2 })], pageCount: 1, total: 2 })),
    });
    renderRemote(<NoticesSection />);
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('not mailed: no e-mail address');
    expect(items[1]).toHaveTextContent('not sent yet');
  });

  it('says so when there are none', async () => {
    stubApi({ 'GET /api/account/notices': () => json(200, ok({ items: [], pageCount: 0, total: 0 })) });
    renderRemote(<NoticesSection />);
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });
});
