import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, json, memberConfig, ok, renderRemote, stubApi } from '../testing/render-remote';
import { RequestForm } from './request-form';

afterEach(() => vi.unstubAllGlobals());

const request = { id: '64b7f0c2a1b2c3d4e5f60720', status: 'pending' };

/** Puts text in a field in one go (jsdom types slowly); the as-you-type checks get the last characters typed. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillBasics(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText('Your name'), 'Nina Nieuw');
  await fill(user, screen.getByLabelText('PIN code'), '2468');
  await fill(user, screen.getByLabelText('Repeat PIN code'), '2468');
}

// Typing in jsdom is slow on a busy machine: a bound for the whole form flow, not a speed requirement.
describe('the account request form', { timeout: 20_000 }, () => {
  it('checks the IBAN as it is typed, with the SPEC 5 messages', async () => {
    const user = userEvent.setup();
    renderRemote(<RequestForm />, { path: '/setup' });
    await user.click(screen.getByLabelText(/Credit \(direct debit\)/));
    const iban = screen.getByLabelText('IBAN');
    await fill(user, iban, 'NL91ABNA041716430');
    // Not yet the full length of a Dutch IBAN: nothing to say yet.
    expect(screen.queryByText('Invalid IBAN.')).not.toBeInTheDocument();
    await user.type(iban, '1');
    expect(screen.getByText('Invalid IBAN.')).toBeInTheDocument();
    expect(iban).toHaveAttribute('aria-invalid', 'true');
    await user.clear(iban);
    await user.type(iban, 'nl');
    expect(screen.getByText('IBAN must be uppercase.')).toBeInTheDocument();
    await user.clear(iban);
    await fill(user, iban, 'NL91 ABNA 0417 1643 00');
    expect(screen.queryByText(/IBAN/, { selector: '.k-field__error' })).not.toBeInTheDocument();
    expect(iban).not.toHaveAttribute('aria-invalid');
    await fill(user, screen.getByLabelText('BIC'), 'ABNAQQ2A');
    expect(screen.getByText('Invalid BIC.')).toBeInTheDocument();
    // The mandate a member agrees to is on the form.
    expect(screen.getByText(/authorise the association to send instructions to your bank/)).toBeInTheDocument();
  });

  it('asks for everything that is missing before sending anything', async () => {
    const calls = stubApi({});
    const user = userEvent.setup();
    renderRemote(<RequestForm />, { path: '/setup' });
    await user.click(screen.getByLabelText(/Credit \(direct debit\)/));
    await fill(user, screen.getByLabelText('PIN code'), '123');
    await user.click(screen.getByRole('button', { name: 'Request account' }));
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Pin code does not contain precisely four digits.')).toBeInTheDocument();
    expect(screen.getByText('Please enter an IBAN.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a BIC.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms and conditions.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says so when the two PINs differ, and that letters are not digits', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderRemote(<RequestForm />, { path: '/setup' });
    await fill(user, screen.getByLabelText('PIN code'), '12a4');
    await fill(user, screen.getByLabelText('Repeat PIN code'), '1234');
    await user.click(screen.getByRole('button', { name: 'Request account' }));
    expect(screen.getByText('Pin code cannot contain letters.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('PIN code'));
    await fill(user, screen.getByLabelText('PIN code'), '1235');
    expect(screen.getByText('The two PIN codes are not the same.')).toBeInTheDocument();
  });

  it('sends a credit request with the bank details and the accepted terms', async () => {
    const calls = stubApi({ 'POST /api/account_request/request': () => json(200, ok(request)) });
    const onRequested = vi.fn();
    const user = userEvent.setup();
    renderRemote(<RequestForm onRequested={onRequested} />, { path: '/setup' });
    await fillBasics(user);
    await user.click(screen.getByLabelText(/Credit \(direct debit\)/));
    await fill(user, screen.getByLabelText('IBAN'), 'NL91 ABNA 0417 1643 00');
    await fill(user, screen.getByLabelText('BIC'), 'ABNANL2A');
    await user.click(screen.getByLabelText(/I accept the terms and conditions and the direct debit mandate/));
    await user.click(screen.getByRole('button', { name: 'Request account' }));
    await waitFor(() => expect(onRequested).toHaveBeenCalled());
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/account_request/request',
        body: { name: 'Nina Nieuw', pin: '2468', creditAccount: true, iban: 'NL91 ABNA 0417 1643 00', bic: 'ABNANL2A', acceptTerms: true },
      }),
    ]);
  });

  it('sends a prepaid request without bank details, and shows what the server refused', async () => {
    const calls = stubApi({
      'POST /api/account_request/request': () => json(409, fail(409, 'account_request_exists', 'You already have a pending account request.')),
    });
    const user = userEvent.setup();
    renderRemote(<RequestForm />, { path: '/setup' });
    await fillBasics(user);
    fireEvent.click(screen.getByLabelText(/I accept the terms and conditions/));
    await user.click(screen.getByRole('button', { name: 'Request account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have a pending account request.');
    expect(calls[0]?.body).toEqual({ name: 'Nina Nieuw', pin: '2468', creditAccount: false, acceptTerms: true });
  });

  it("shows the server's validation lines as they are", async () => {
    stubApi({
      'POST /api/account_request/request': () =>
        json(422, fail(422, 'validation_error', 'Validation error', [{ loc: ['body', 'iban'], msg: 'Invalid IBAN.', type: 'value_error' }])),
    });
    const user = userEvent.setup();
    renderRemote(<RequestForm />, { path: '/setup' });
    await fillBasics(user);
    await user.click(screen.getByLabelText(/Credit \(direct debit\)/));
    await fill(user, screen.getByLabelText('IBAN'), 'NL91ABNA0417164300');
    await fill(user, screen.getByLabelText('BIC'), 'ABNANL2A');
    await user.click(screen.getByLabelText(/I accept/));
    await user.click(screen.getByRole('button', { name: 'Request account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid IBAN\.$/);
  });
});

describe('the account request form for a user signed in through single sign-on', () => {
  it('starts with the name the user goes by, which they may change', () => {
    const config = memberConfig();
    renderRemote(<RequestForm />, { path: '/setup', config: { ...config, user: { ...config.user, accountId: null, displayName: 'Nina Nieuw' } } });
    expect(screen.getByLabelText('Your name')).toHaveValue('Nina Nieuw');
  });
});
