import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SapVatGroupOption } from '@ff/contract';
import { fakeApi, type FakeCall } from '@/test/fake-api';
import { renderPostingPage } from '@/test/render-page';
import { POSTING_DEFAULTS_TEXTS, PostingDefaultsSettings, vatGroupLabel } from './posting-defaults-settings';

let restore = () => {};
afterEach(() => restore());

const GROUPS: SapVatGroupOption[] = [
  { code: 'E', name: 'Exempt supplies', rate: 0 },
  { code: 'O0', name: 'Output VAT 0% (zero-rated: transit, exports)', rate: 0 },
  { code: 'O1', name: 'Output VAT 16%', rate: 16 },
];
const SAP_AWAY =
  "SAP's VAT groups could not be read: SAP could not be reached: it answered HTTP 503 (Service Unavailable). Try again in a moment.";

/** The confirmation rule as a fresh install has it (issue 26). */
const RULE = { confirmAboveRows: 50, confirmAboveAmount: null };

/** The API of the tab: the saved default, SAP's groups (or 503), and the save (as `put` answers). */
function tabApi(options: {
  saved: string | null;
  groups?: 'sap-away';
  put?: (call: FakeCall) => [number, unknown];
}) {
  return fakeApi((call) => {
    if (call.url === '/settings/vat-groups')
      return options.groups === 'sap-away' ? [503, { message: SAP_AWAY }] : [200, { data: GROUPS }];
    if (call.url !== '/settings/posting-defaults') return [404, {}];
    if (call.method === 'put')
      return (
        options.put?.(call) ?? [
          200,
          { message: 'Posting defaults saved.', data: { ...RULE, ...(call.body as object) } },
        ]
      );
    return [200, { data: { vatGroup: options.saved, ...RULE } }];
  });
}

const field = () => screen.findByRole('combobox', { name: POSTING_DEFAULTS_TEXTS.vatGroup });
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
/** The field once SAP's groups have loaded (it is disabled while they load). */
const readyField = async () => {
  const input = (await field()) as HTMLInputElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  return input;
};
const choose = async (label: string) => {
  await act(async () => fireEvent.click(await readyField()));
  await act(async () => fireEvent.click(await screen.findByRole('option', { name: label })));
};

describe('PostingDefaultsSettings', { timeout: 30_000 }, () => {
  it("names SAP's groups by code, name and rate", () => {
    expect(vatGroupLabel(GROUPS[2]!)).toBe('O1 — Output VAT 16%');
    expect(vatGroupLabel(GROUPS[0]!)).toBe('E — Exempt supplies (0%)');
    expect(vatGroupLabel({ code: 'X8', name: '', rate: 8 })).toBe('X8 — 8%');
  });

  it("shows the saved default among SAP's active output groups and saves another with PUT", async () => {
    const api = tabApi({ saved: 'O0' });
    restore = api.restore;
    renderPostingPage(<PostingDefaultsSettings />);

    const input = await readyField();
    expect(input.value).toBe('O0 — Output VAT 0% (zero-rated: transit, exports)');
    expect(screen.getByText(POSTING_DEFAULTS_TEXTS.help)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    await act(async () => fireEvent.click(input));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      POSTING_DEFAULTS_TEXTS.none,
      'E — Exempt supplies (0%)',
      'O0 — Output VAT 0% (zero-rated: transit, exports)',
      'O1 — Output VAT 16%',
    ]);
    await act(async () => fireEvent.click(screen.getByRole('option', { name: 'O1 — Output VAT 16%' })));
    expect(saveButton().disabled).toBe(false);
    await act(async () => fireEvent.click(saveButton()));

    expect(await screen.findByText(POSTING_DEFAULTS_TEXTS.saved)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'put').map((c) => c.body)).toEqual([
      { vatGroup: 'O1', ...RULE },
    ]);
    expect(saveButton().disabled).toBe(true);

    // None clears the default.
    await choose(POSTING_DEFAULTS_TEXTS.none);
    await act(async () => fireEvent.click(saveButton()));
    await act(async () => {});
    expect(api.calls.filter((c) => c.method === 'put').at(-1)?.body).toEqual({ vatGroup: null, ...RULE });
  });

  it("shows the server's refusal beside the field", async () => {
    const refusal = 'The VAT group O1 is inactive in SAP.';
    const api = tabApi({
      saved: null,
      put: () => [422, { message: refusal, errors: { vatGroup: [refusal] } }],
    });
    restore = api.restore;
    renderPostingPage(<PostingDefaultsSettings />);

    await choose('O1 — Output VAT 16%');
    await act(async () => fireEvent.click(saveButton()));

    const input = await field();
    expect(await screen.findAllByText(refusal)).toHaveLength(2); // beside the field, and in the toast
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(POSTING_DEFAULTS_TEXTS.saved)).toBeNull();
  });

  it('says so when SAP cannot list its VAT groups, keeps the saved code, and still lets None be saved', async () => {
    const api = tabApi({ saved: 'O1', groups: 'sap-away' });
    restore = api.restore;
    renderPostingPage(<PostingDefaultsSettings />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(POSTING_DEFAULTS_TEXTS.groupsUnavailable);
    expect(alert.textContent).toContain(SAP_AWAY);
    expect(((await field()) as HTMLInputElement).value).toBe('O1');

    await choose(POSTING_DEFAULTS_TEXTS.none);
    await act(async () => fireEvent.click(saveButton()));
    expect(await screen.findByText(POSTING_DEFAULTS_TEXTS.saved)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'put')?.body).toEqual({ vatGroup: null, ...RULE });

    // Asking again lists them once SAP answers.
    const vatGroupCalls = () => api.calls.filter((c) => c.url === '/settings/vat-groups').length;
    const before = vatGroupCalls();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: POSTING_DEFAULTS_TEXTS.tryAgain })),
    );
    expect(vatGroupCalls()).toBe(before + 1);
  });

  it('saves when a post is confirmed first: more rows than, or totalling more than (issue 26)', async () => {
    const refusal = 'The number of rows must be a whole number from 1 to 100,000.';
    let answer: [number, unknown] | null = null;
    const api = tabApi({
      saved: 'O0',
      put: (call) => answer ?? [200, { message: 'Posting defaults saved.', data: call.body }],
    });
    restore = api.restore;
    renderPostingPage(<PostingDefaultsSettings />);
    await readyField();

    const rows = screen.getByRole('textbox', {
      name: POSTING_DEFAULTS_TEXTS.confirmRows,
    }) as HTMLInputElement;
    const amount = screen.getByRole('textbox', {
      name: POSTING_DEFAULTS_TEXTS.confirmAmount,
    }) as HTMLInputElement;
    expect(rows.value).toBe('50');
    expect(amount.value).toBe('');
    await act(async () => fireEvent.change(rows, { target: { value: '120' } }));
    await act(async () => fireEvent.change(amount, { target: { value: '1500000.50' } }));
    expect(saveButton().disabled).toBe(false);
    await act(async () => fireEvent.click(saveButton()));
    expect(await screen.findByText(POSTING_DEFAULTS_TEXTS.saved)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'put').at(-1)?.body).toEqual({
      vatGroup: 'O0',
      confirmAboveRows: 120,
      confirmAboveAmount: '1500000.50',
    });

    // The server's refusal shows beside the field.
    answer = [422, { message: refusal, errors: { confirmAboveRows: [refusal] } }];
    await act(async () => fireEvent.change(rows, { target: { value: '' } }));
    await act(async () => fireEvent.click(saveButton()));
    expect(await screen.findAllByText(refusal)).toHaveLength(2);
    expect(rows.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((c) => c.method === 'put').at(-1)?.body).toMatchObject({
      confirmAboveRows: null,
    });
  });
});
