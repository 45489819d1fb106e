import type { NoticeView } from '@kassa/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, stubAdminApi } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { AccountNotices } from './account-notices';

afterEach(() => vi.unstubAllGlobals());

const ACCOUNT = '64b7f0c2a1b2c3d4e5f60719';
const notice = (n: number, over: Partial<NoticeView> = {}): NoticeView => ({
  id: `64b7f0c2a1b2c3d4e5f607${String(n).padStart(2, '0')}`,
  kind: 'account_request.approved',
  to: 'marit@example.org',
  language: 'nl',
  subject: 'Je account is goedgekeurd',
  text: 'Beste Marit,\n\nHet bestuur heeft je aanvraag goedgekeurd.',
  createdAt: '2026-11-22T20:05:00Z',
  sentAt: '2026-11-22T20:06:00Z',
  tries: 1,
  lastError: null,
  ...over,
});

describe('the account page: mails sent', () => {
  it('shows each mail of the account: when it was made, subject, to whom and when it was sent, or why not', async () => {
    const items = [
      notice(3, { subject: 'Herinnering 1: openstaand bedrag € 12,50', sentAt: null, tries: 3, lastError: 'connect ECONNREFUSED 10.0.0.5:587' }),
      notice(2, { to: null, sentAt: null, tries: 0, lastError: 'No e-mail address', subject: 'Incasso van € 12,50 mislukt' }),
      notice(1),
    ];
    const calls = stubAdminApi(() => json(200, ok({ items, pageCount: 1, total: 3 })));
    renderAdmin(<AccountNotices accountId={ACCOUNT} />, `/admin/accounts/${ACCOUNT}`);
    const section = screen.getByRole('region', { name: 'Mails sent' });
    const rows = within(await within(section).findByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Herinnering 1: openstaand bedrag € 12,50');
    expect(rows[1]).toHaveTextContent('not sent (3 tries): connect ECONNREFUSED 10.0.0.5:587');
    expect(rows[2]).toHaveTextContent('no address');
    expect(rows[2]).toHaveTextContent('not sent: No e-mail address');
    expect(rows[3]).toHaveTextContent('marit@example.org');
    expect(rows[3]).toHaveTextContent('22 november 2026 om 21:06');
    expect(calls[0]?.path).toBe(`/api/admin/accounts/${ACCOUNT}/notices/`);
  });

  it('says so when nothing was mailed', async () => {
    stubAdminApi(() => json(200, ok({ items: [], pageCount: 0, total: 0 })));
    renderAdmin(<AccountNotices accountId={ACCOUNT} />, `/admin/accounts/${ACCOUNT}`);
    expect(await screen.findByText('No mails for this account yet.')).toBeInTheDocument();
  });
});
