import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_TOKEN_MESSAGES, type ApiToken } from '@ff/contract';
import { fakeApi, type FakeCall } from '@/test/fake-api';
import { renderPostingPage } from '@/test/render-page';
import { API_TOKEN_TEXTS } from './api-token-form';
import { ApiTokenSettings } from './api-token-settings';

let restore = () => {};
afterEach(() => restore());

const IMPORT_KINDS = [
  { name: 'sales-invoices', label: 'Sales invoices' },
  { name: 'cash-advances', label: 'Cash advances' },
  { name: 'fuel-advances', label: 'Fuel advances' },
];
/** A server date-time of November 2026 ('yyyy-MM-dd HH:mm:ss' in APP_TIMEZONE, as the server answers it). */
const at = (day: number, hour: number, minute: number) =>
  `2026-11-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;
const token = (fields: Partial<ApiToken> & Pick<ApiToken, 'id' | 'name'>): ApiToken => ({
  kinds: ['cash-advances'],
  createdBy: 'Administrator',
  createdAt: at(1, 9, 30),
  expiresOn: null,
  expiresAt: null,
  lastUsedAt: null,
  lastUsedFrom: null,
  revokedAt: null,
  status: 'active',
  ...fields,
});
const TOKENS: ApiToken[] = [
  token({ id: 4, name: 'tms', kinds: ['cash-advances', 'fuel-advances'] }),
  token({
    id: 3,
    name: 'old-tms',
    kinds: ['sales-invoices'],
    expiresOn: '2026-11-19',
    expiresAt: at(20, 0, 0),
    lastUsedAt: at(19, 14, 7),
    lastUsedFrom: '10.0.0.7',
    status: 'expired',
  }),
  token({ id: 2, name: 'cli', kinds: null, createdBy: null, revokedAt: at(2, 8, 0), status: 'revoked' }),
];
const NEW_TOKEN = 'ffk_abcdefghijklmnopqrstuvwxyz0123456789ABCDEF';

/** The tab's API, keeping the tokens in memory: POST adds one (or answers `post`), DELETE revokes one. */
function tabApi(options: { post?: (call: FakeCall) => [number, unknown] | undefined } = {}) {
  const tokens = [...TOKENS];
  return fakeApi((call) => {
    if (call.url === '/api-tokens' && call.method === 'get')
      return [200, { data: tokens, importKinds: IMPORT_KINDS }];
    if (call.url === '/api-tokens' && call.method === 'post') {
      const answer = options.post?.(call);
      if (answer) return answer;
      const body = call.body as { name: string; kinds: string[] };
      const created = token({ id: 5, name: body.name, kinds: body.kinds, createdAt: at(29, 16, 0) });
      tokens.unshift(created);
      const message = `API token "${body.name}" created. Copy it now: it is not shown again.`;
      return [201, { message, token: NEW_TOKEN, data: created }];
    }
    const revoked = /^\/api-tokens\/(\d+)$/.exec(call.url);
    if (revoked && call.method === 'delete') {
      const index = tokens.findIndex((t) => t.id === Number(revoked[1]));
      const row = tokens[index]!;
      if (row.status === 'revoked') return [409, { message: `API token ${row.id} is already revoked.` }];
      tokens[index] = { ...row, status: 'revoked', revokedAt: at(29, 16, 5) };
      return [200, { message: `API token "${row.name}" revoked.`, data: tokens[index] }];
    }
    return [404, {}];
  });
}

const table = () => screen.findByRole('table', { name: API_TOKEN_TEXTS.title });
const rowOf = async (name: string) =>
  within(await table())
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent === name)!;
const cellsOf = async (name: string) =>
  within(await rowOf(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const click = (element: HTMLElement) => act(async () => fireEvent.click(element));
const type = (element: HTMLElement, value: string) =>
  act(async () => fireEvent.change(element, { target: { value } }));
const openCreate = async () => click(await screen.findByRole('button', { name: API_TOKEN_TEXTS.newToken }));
const gets = (api: { calls: FakeCall[] }) =>
  api.calls.filter((c) => c.method === 'get' && c.url === '/api-tokens').length;

describe('ApiTokenSettings', { timeout: 30_000 }, () => {
  it('lists the tokens: imports by label or "All kinds", "Command line", last use and status', async () => {
    restore = tabApi().restore;
    renderPostingPage(<ApiTokenSettings />);

    expect(screen.getByText(/import API/).textContent).toContain('Authorization: Bearer <token>');
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Name',
      'Imports',
      'Created by',
      'Created',
      'Expires',
      'Last used',
      'Status',
      'Actions',
    ]);
    expect(await cellsOf('tms')).toEqual([
      'tms',
      'Cash advances, Fuel advances',
      'Administrator',
      '01 Nov 2026, 09:30',
      'Never',
      'Never',
      'Active',
      'Revoke tms',
    ]);
    expect(await cellsOf('old-tms')).toEqual([
      'old-tms',
      'Sales invoices',
      'Administrator',
      '01 Nov 2026, 09:30',
      '19 Nov 2026',
      '19 Nov 2026, 14:07from 10.0.0.7',
      'Expired',
      '',
    ]);
    expect(await cellsOf('cli')).toEqual([
      'cli',
      'All kinds',
      'Command line',
      '01 Nov 2026, 09:30',
      'Never',
      'Never',
      'Revoked',
      '',
    ]);
    // Only an active token can be revoked; the scroll box is reachable by keyboard and named.
    expect(screen.getAllByRole('button', { name: /^Revoke/ })).toHaveLength(1);
    const box = screen.getByRole('group', { name: API_TOKEN_TEXTS.title });
    expect(box.getAttribute('tabindex')).toBe('0');
  });

  it('checks the form first, then shows the new token once, with Copy, until Done', async () => {
    const api = tabApi();
    restore = api.restore;
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPostingPage(<ApiTokenSettings />);
    await table();
    await openCreate();

    const dialog = await screen.findByRole('dialog', { name: API_TOKEN_TEXTS.newToken });
    const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual([false, false, false]);
    await click(within(dialog).getByRole('button', { name: API_TOKEN_TEXTS.create }));
    expect(within(dialog).getByText(API_TOKEN_MESSAGES.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(API_TOKEN_MESSAGES.kindsRequired)).toBeTruthy();
    await type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'tms/2');
    await click(within(dialog).getByRole('button', { name: API_TOKEN_TEXTS.create }));
    expect(within(dialog).getByText(API_TOKEN_MESSAGES.nameCharacters)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'post')).toHaveLength(0);

    await type(within(dialog).getByRole('textbox', { name: /^Name/ }), ' tms-2 ');
    await click(within(dialog).getByRole('checkbox', { name: 'Fuel advances' }));
    await click(within(dialog).getByRole('checkbox', { name: 'Cash advances' }));
    const before = gets(api);
    await click(within(dialog).getByRole('button', { name: API_TOKEN_TEXTS.create }));

    const shown = await screen.findByRole('dialog', { name: API_TOKEN_TEXTS.created });
    expect(api.calls.filter((c) => c.method === 'post').map((c) => c.body)).toEqual([
      { name: 'tms-2', kinds: ['cash-advances', 'fuel-advances'], expiresOn: null },
    ]);
    const field = within(shown).getByRole('textbox', { name: API_TOKEN_TEXTS.token }) as HTMLInputElement;
    expect(field.value).toBe(NEW_TOKEN);
    expect(field.readOnly).toBe(true);
    expect(
      within(shown).getByText('API token "tms-2" created. Copy it now: it is not shown again.'),
    ).toBeTruthy();
    await click(within(shown).getByRole('button', { name: API_TOKEN_TEXTS.copy }));
    expect(writeText).toHaveBeenCalledWith(NEW_TOKEN);
    expect(await within(shown).findByRole('button', { name: API_TOKEN_TEXTS.copied })).toBeTruthy();
    // The list is loaded again and shows the new token first.
    await waitFor(() => expect(gets(api)).toBe(before + 1));
    expect(within(await table()).getAllByRole('row')[1]?.textContent).toContain('tms-2');

    await click(within(shown).getByRole('button', { name: API_TOKEN_TEXTS.done }));
    expect(screen.queryByDisplayValue(NEW_TOKEN)).toBeNull();
    // Opened again: an empty form, the token forgotten.
    await openCreate();
    const again = await screen.findByRole('dialog', { name: API_TOKEN_TEXTS.newToken });
    expect((within(again).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByDisplayValue(NEW_TOKEN)).toBeNull();
  });

  it("shows the server's refusal beside the matching field, without a toast", async () => {
    const duplicate = 'An active token named "tms" already exists; revoke it first or choose another name.';
    const api = tabApi({
      post: () => [422, { message: duplicate, errors: { name: [duplicate] } }],
    });
    restore = api.restore;
    renderPostingPage(<ApiTokenSettings />);
    await table();
    await openCreate();
    const dialog = await screen.findByRole('dialog', { name: API_TOKEN_TEXTS.newToken });
    await type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'tms');
    await click(within(dialog).getByRole('checkbox', { name: 'Cash advances' }));
    await click(within(dialog).getByRole('button', { name: API_TOKEN_TEXTS.create }));

    await waitFor(() => expect(within(dialog).getByText(duplicate)).toBeTruthy());
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(duplicate)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: API_TOKEN_TEXTS.created })).toBeNull();
  });

  it('asks before revoking, sends DELETE and says so; a failure is a red toast', async () => {
    const api = tabApi();
    restore = api.restore;
    renderPostingPage(<ApiTokenSettings />);
    const revokeTms = async () => click(within(await rowOf('tms')).getByRole('button', { name: /^Revoke/ }));

    await revokeTms();
    let dialog = await screen.findByRole('dialog', { name: 'Revoke API token "tms"?' });
    expect(within(dialog).getByText(API_TOKEN_TEXTS.revokeBody)).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: API_TOKEN_TEXTS.cancel }));
    expect(api.calls.filter((c) => c.method === 'delete')).toHaveLength(0);

    await revokeTms();
    dialog = await screen.findByRole('dialog', { name: 'Revoke API token "tms"?' });
    await click(within(dialog).getByRole('button', { name: API_TOKEN_TEXTS.revoke }));
    expect(await screen.findByText('API token "tms" revoked.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'delete').map((c) => c.url)).toEqual(['/api-tokens/4']);
    await waitFor(async () => expect((await cellsOf('tms'))[6]).toBe('Revoked'));
    expect(screen.queryAllByRole('button', { name: /^Revoke/ })).toHaveLength(0);
  });

  it("toasts the server's reason when a revoke is refused", async () => {
    restore = fakeApi((call) => {
      if (call.method === 'get') return [200, { data: [TOKENS[0]], importKinds: IMPORT_KINDS }];
      return [409, { message: 'API token 4 ("tms") is already revoked.' }];
    }).restore;
    renderPostingPage(<ApiTokenSettings />);
    await click(within(await rowOf('tms')).getByRole('button', { name: /^Revoke/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API token "tms"?' });
    await click(within(dialog).getByRole('button', { name: API_TOKEN_TEXTS.revoke }));
    expect(await screen.findByText('API token 4 ("tms") is already revoked.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });
});
