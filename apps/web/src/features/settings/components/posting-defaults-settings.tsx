import { Alert, Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { PostingDefaultSettings, SapVatGroupOption } from '@ff/contract';
import { ErrorAlert } from '@/components/error-alert';
import { PageLoadingOverlay } from '@/components/page-loading-overlay';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePostingDefaults, useSapVatGroups, useSavePostingDefaults } from '../api/posting-defaults';

export const POSTING_DEFAULTS_TEXTS = {
  title: 'Posting defaults',
  help: "What a record takes when neither it nor SAP says. A sales invoice line's VAT group is the record's own, else its customer's in SAP, else the default VAT group below; with None, such an invoice goes to SAP without VAT.",
  vatGroup: 'Default VAT group',
  vatGroupDescription: "One of SAP's active sales (output) VAT groups.",
  loadingGroups: "Loading SAP's VAT groups…",
  none: 'None (no VAT)',
  saved: 'Posting defaults saved.',
  saveFailed: 'The posting defaults could not be saved. Please try again.',
  groupsUnavailable: "SAP's VAT groups could not be listed",
  groupsUnavailableHint: 'You can still choose None. To pick a VAT group, try again once SAP answers.',
  tryAgain: 'Try again',
  confirmRows: 'Ask before posting more than (rows)',
  confirmRowsDescription:
    'A clerk posting more rows at once confirms first: "Post 120 sales invoices totalling … to SAP?"',
  confirmAmount: 'Or totalling more than',
  confirmAmountDescription: "In the company's currency; leave empty to ask by the number of rows only.",
} as const;

/** The picker's value for "no default": longer than SAP's 8-character codes, so never one of them. */
const NONE = '(no default)';

/** `O1 — Output VAT 16%`: the code and name, and the rate when the name does not already say it. */
export function vatGroupLabel({ code, name, rate }: SapVatGroupOption): string {
  const percent = rate === null ? '' : `${rate}%`;
  const title = name.trim() || percent;
  const withRate = percent && title !== percent && !title.includes(percent) ? `${title} (${percent})` : title;
  return withRate ? `${code} — ${withRate}` : code;
}

/** None, SAP's groups, and the saved code when SAP no longer lists it (so the field shows what is saved). */
function choicesOf(groups: SapVatGroupOption[] | undefined, saved: string | null) {
  const choices = [
    { value: NONE, label: POSTING_DEFAULTS_TEXTS.none },
    ...(groups ?? []).map((group) => ({ value: group.code, label: vatGroupLabel(group) })),
  ];
  if (saved && !groups?.some((group) => group.code === saved))
    choices.push({
      value: saved,
      label: groups ? `${saved} (not an active sales VAT group in SAP)` : saved,
    });
  return choices;
}

/** The Settings page's Posting defaults tab (issue 25): loads the saved defaults, then the form. */
export function PostingDefaultsSettings() {
  const settings = usePostingDefaults();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={720} pos="relative" mih={160}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {POSTING_DEFAULTS_TEXTS.help}
        </Text>
        <PageLoadingOverlay visible={settings.isLoading} />
        {settings.isError && <ErrorAlert error={settings.error} />}
        {settings.data && <PostingDefaultsForm saved={settings.data} />}
      </Stack>
    </Paper>
  );
}

function PostingDefaultsForm({ saved }: { saved: PostingDefaultSettings }) {
  const groups = useSapVatGroups();
  const save = useSavePostingDefaults();
  const [choice, setChoice] = useState(saved.vatGroup ?? NONE);
  const [rows, setRows] = useState<number | string>(saved.confirmAboveRows);
  const [amount, setAmount] = useState(saved.confirmAboveAmount ?? '');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string | undefined>>({});
  const vatGroup = choice === NONE ? null : choice;
  const confirmAboveAmount = amount.trim() === '' ? null : amount.trim();
  const changed =
    vatGroup !== saved.vatGroup ||
    String(rows) !== String(saved.confirmAboveRows) ||
    confirmAboveAmount !== saved.confirmAboveAmount;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      // A number input left empty or half typed is sent as it is: the server says what is wrong, on the field.
      { vatGroup, confirmAboveRows: rows === '' ? Number.NaN : Number(rows), confirmAboveAmount },
      {
        onSuccess: (answer) => {
          setFieldErrors({});
          setAmount(answer.data.confirmAboveAmount ?? '');
          notifySuccess({ message: answer.message || POSTING_DEFAULTS_TEXTS.saved });
        },
        onError: (error) => {
          const errors = serverFieldErrors(error);
          setFieldErrors({
            vatGroup: errors.vatGroup,
            confirmAboveRows: errors.confirmAboveRows,
            confirmAboveAmount: errors.confirmAboveAmount,
          });
          notifyError({ message: errorMessage(error, POSTING_DEFAULTS_TEXTS.saveFailed) });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={POSTING_DEFAULTS_TEXTS.title}>
      <Stack gap="md">
        {groups.isError && (
          <Alert color="yellow" variant="light" role="alert" title={POSTING_DEFAULTS_TEXTS.groupsUnavailable}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(groups.error)}</Text>
              <Text size="sm">{POSTING_DEFAULTS_TEXTS.groupsUnavailableHint}</Text>
              <Button
                size="xs"
                variant="default"
                loading={groups.isFetching}
                onClick={() => void groups.refetch()}
              >
                {POSTING_DEFAULTS_TEXTS.tryAgain}
              </Button>
            </Stack>
          </Alert>
        )}
        <Select
          label={POSTING_DEFAULTS_TEXTS.vatGroup}
          description={
            groups.isLoading
              ? POSTING_DEFAULTS_TEXTS.loadingGroups
              : POSTING_DEFAULTS_TEXTS.vatGroupDescription
          }
          data={choicesOf(groups.data, saved.vatGroup)}
          value={choice}
          onChange={(value) => {
            setChoice(value ?? NONE);
            setFieldErrors((errors) => ({ ...errors, vatGroup: undefined }));
          }}
          allowDeselect={false}
          searchable
          maw={480}
          disabled={groups.isLoading || save.isPending}
          error={fieldErrors.vatGroup}
        />
        <NumberInput
          label={POSTING_DEFAULTS_TEXTS.confirmRows}
          description={POSTING_DEFAULTS_TEXTS.confirmRowsDescription}
          value={rows}
          onChange={(value) => {
            setRows(value);
            setFieldErrors((errors) => ({ ...errors, confirmAboveRows: undefined }));
          }}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          maw={480}
          disabled={save.isPending}
          error={fieldErrors.confirmAboveRows}
        />
        <TextInput
          label={POSTING_DEFAULTS_TEXTS.confirmAmount}
          description={POSTING_DEFAULTS_TEXTS.confirmAmountDescription}
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setFieldErrors((errors) => ({ ...errors, confirmAboveAmount: undefined }));
          }}
          inputMode="decimal"
          placeholder="No amount rule"
          maw={480}
          disabled={save.isPending}
          error={fieldErrors.confirmAboveAmount}
        />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
