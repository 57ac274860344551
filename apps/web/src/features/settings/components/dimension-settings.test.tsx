import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DimensionSettings as DimensionSettingsBody } from '@ff/contract';
import { fakeApi } from '@/test/fake-api';
import { renderPostingPage } from '@/test/render-page';
import { DIMENSION_TEXTS } from './dimension-form';
import { DimensionSettings } from './dimension-settings';

let restore = () => {};
afterEach(() => restore());

const saved: DimensionSettingsBody = {
  rules: [
    {
      dimension: 1,
      field: 'truckNumber',
      codes: [{ value: 'KCA 123A', code: 'TRK-01' }],
      defaultCode: 'TRK-GEN',
    },
  ],
};

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('DimensionSettings', { timeout: 30_000 }, () => {
  it('shows the saved rules, adds one and saves the whole settings with PUT', async () => {
    const api = fakeApi(({ method, url, body }) => {
      if (url !== '/settings/dimensions') return [404, {}];
      return method === 'put' ? [200, { message: 'Dimensions saved.', data: body }] : [200, { data: saved }];
    });
    restore = api.restore;
    renderPostingPage(<DimensionSettings />);

    const first = await screen.findByRole('group', { name: 'Dimension 1' });
    expect((within(first).getByLabelText('Truck number') as HTMLInputElement).value).toBe('KCA 123A');
    expect((within(first).getByLabelText('Code') as HTMLInputElement).value).toBe('TRK-01');
    expect((within(first).getByLabelText('Default code') as HTMLInputElement).value).toBe('TRK-GEN');
    expect(screen.getByText(DIMENSION_TEXTS.help)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    // A new rule takes the lowest free dimension and reads the route.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add dimension rule' })));
    const second = screen.getByRole('group', { name: 'Dimension 2' });
    await act(async () => {
      type(within(second).getByLabelText('Route'), '  Mombasa - Nairobi ');
      type(within(second).getByLabelText('Code'), 'msa-nbo');
      type(within(second).getByLabelText(/^Default code/), 'NBO-KLA');
    });
    expect(saveButton().disabled).toBe(false);
    await act(async () => fireEvent.click(saveButton()));

    expect(await screen.findByText(DIMENSION_TEXTS.saved)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'put')?.body).toEqual({
      rules: [
        saved.rules[0],
        {
          dimension: 2,
          field: 'route',
          codes: [{ value: 'Mombasa - Nairobi', code: 'msa-nbo' }],
          defaultCode: 'NBO-KLA',
        },
      ],
    });
    expect(saveButton().disabled).toBe(true);

    // Removing a rule and saving sends the rest.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove dimension 1 rule' })));
    expect(screen.queryByRole('group', { name: 'Dimension 1' })).toBeNull();
    await act(async () => fireEvent.click(saveButton()));
    await act(async () => {});
    expect(api.calls.filter((c) => c.method === 'put').at(-1)?.body).toEqual({
      rules: [expect.objectContaining({ dimension: 2 })],
    });
  });

  it("checks the form first, then shows the server's 422 errors beside the inputs", async () => {
    const api = fakeApi(({ method, url }) => {
      if (url !== '/settings/dimensions') return [404, {}];
      return method === 'put'
        ? [
            422,
            {
              message: 'The given data was invalid.',
              errors: {
                'rules.0.defaultCode': ['Not a distribution rule of dimension 1 in SAP.'],
                rules: ['Each dimension may have one rule.'],
              },
            },
          ]
        : [200, { data: saved }];
    });
    restore = api.restore;
    renderPostingPage(<DimensionSettings />);
    const first = await screen.findByRole('group', { name: 'Dimension 1' });

    // Too long for SAP's FactorCode, and a row without a code: said before anything is sent.
    await act(async () => {
      type(within(first).getByLabelText(/^Default code/), 'TOO-LONG-CODE');
      fireEvent.click(within(first).getByRole('button', { name: 'Add truck number' }));
    });
    await act(async () => fireEvent.click(saveButton()));
    expect(screen.getByText(DIMENSION_TEXTS.codeTooLong)).toBeTruthy();
    expect(screen.getByText(DIMENSION_TEXTS.valueRequired)).toBeTruthy();
    expect(screen.getByText(DIMENSION_TEXTS.codeRequired)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'put')).toHaveLength(0);

    await act(async () => {
      type(within(first).getByLabelText(/^Default code/), 'GHOST');
      fireEvent.click(within(first).getByRole('button', { name: 'Remove truck number 2' }));
    });
    await act(async () => fireEvent.click(saveButton()));
    const defaultCode = within(first).getByLabelText(/^Default code/);
    expect(await screen.findByText('Not a distribution rule of dimension 1 in SAP.')).toBeTruthy();
    expect(defaultCode.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Each dimension may have one rule.')).toBeTruthy();
    expect(await screen.findByText('The given data was invalid.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'put')?.body).toEqual({
      rules: [{ ...saved.rules[0], defaultCode: 'GHOST' }],
    });
  });
});
