import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, renderRemote, stubApi } from '../testing/render-remote';
import { ProfileForm } from './profile-form';

afterEach(() => vi.unstubAllGlobals());

const fail422 = (lines: { loc: string[]; msg: string }[]) =>
  json(422, { error: true, errorCode: 422, errorIdentifier: 'validation_error', errorMessage: 'Validation failed', result: null, detail: lines.map((l) => ({ ...l, type: 'value_error' })) });

// Typing in jsdom is slow on a busy machine: a bound for the whole form flow, not a speed requirement.
describe('the e-mail form on /account', { timeout: 20_000 }, () => {
  it('shows the saved address and language, and saves a new address in English', async () => {
    const calls = stubApi({
      'GET /api/user/profile': () => json(200, ok({ username: 'member', email: 'oud@example.org', language: 'nl', lowBalance: null })),
      'PUT /api/user/profile': (call) => json(200, ok({ username: 'member', ...(call.body as object) })),
    });
    const user = userEvent.setup();
    renderRemote(<ProfileForm />);
    const address = await screen.findByLabelText('E-mail address');
    expect(address).toHaveValue('oud@example.org');
    expect(screen.getByLabelText('Language of the mails')).toHaveValue('nl');
    await user.clear(address);
    await user.type(address, 'marit@example.org');
    await user.selectOptions(screen.getByLabelText('Language of the mails'), 'English');
    await user.click(screen.getByRole('button', { name: 'Save e-mail settings' }));
    expect(await screen.findByText('Your e-mail settings are saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ email: 'marit@example.org', language: 'en', lowBalance: null });
    expect(screen.getByLabelText('E-mail address')).toHaveValue('marit@example.org');
    expect(screen.getByLabelText('Language of the mails')).toHaveValue('en');
  });

  it('switches the low-balance mail on with an amount in euros, refusing one that is not an amount', async () => {
    const calls = stubApi({
      'GET /api/user/profile': () => json(200, ok({ username: 'member', email: 'lid@example.org', language: 'nl', lowBalance: null })),
      'PUT /api/user/profile': (call) => json(200, ok({ username: 'member', ...(call.body as object) })),
    });
    const user = userEvent.setup();
    renderRemote(<ProfileForm />);
    await user.click(await screen.findByRole('checkbox', { name: 'Mail me when a payment takes my balance below an amount' }));
    const amount = screen.getByLabelText('Mail me below (€)');
    expect(amount).toHaveValue('5,00');
    await user.clear(amount);
    await user.type(amount, 'tien');
    await user.click(screen.getByRole('button', { name: 'Save e-mail settings' }));
    expect(screen.getByText('Please enter a valid number.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '7,50');
    await user.click(screen.getByRole('button', { name: 'Save e-mail settings' }));
    expect(await screen.findByText('Your e-mail settings are saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ email: 'lid@example.org', language: 'nl', lowBalance: 750 });
  });

  it('refuses an address that is not one before sending, and shows the server\'s lines', async () => {
    const calls = stubApi({
      'GET /api/user/profile': () => json(200, ok({ username: 'member', email: null, language: 'nl', lowBalance: null })),
      'PUT /api/user/profile': () => fail422([{ loc: ['body', 'email'], msg: 'An e-mail address has at most 254 characters.' }]),
    });
    const user = userEvent.setup();
    renderRemote(<ProfileForm />);
    const address = await screen.findByLabelText('E-mail address');
    await user.type(address, 'marit-at-example');
    await user.click(screen.getByRole('button', { name: 'Save e-mail settings' }));
    expect(screen.getByText('Enter an e-mail address like lid@example.nl.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(address);
    await user.type(address, 'marit@example.org');
    await user.click(screen.getByRole('button', { name: 'Save e-mail settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An e-mail address has at most 254 characters.');
  });
});
