import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { errorMessage } from '@/lib/error-message';
import { formatCount } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { useCheckLedgerAccounts, type LedgerAccountsSapCheck } from '../api/check-ledger-accounts';

const CHECK_FAILED = 'Failed to check the ledger accounts against SAP. Please try again.';

/** Checks that every local ledger account exists and is active in SAP, and shows what is wrong. */
export function LedgerAccountsCheck() {
  const check = useCheckLedgerAccounts();

  const run = () =>
    check.mutate(undefined, {
      onError: (error) => notifyError({ message: errorMessage(error, CHECK_FAILED) }),
    });

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Check that every ledger account used for posting exists and is active in SAP.
      </Text>
      <div>
        <Button variant="default" onClick={run} loading={check.isPending}>
          Check Ledger Accounts
        </Button>
      </div>
      {check.data && <LedgerCheckResult result={check.data} />}
    </Stack>
  );
}

function LedgerCheckResult({ result }: { result: LedgerAccountsSapCheck }) {
  if (result.problems.length === 0) {
    return (
      <Alert color="green" title="Ledger accounts are ready">
        {result.checked === 0
          ? 'There are no ledger accounts to check yet.'
          : `All ${formatCount(result.checked)} ledger accounts exist and are active in SAP.`}
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      title={`${formatCount(result.problems.length)} of ${formatCount(result.checked)} ledger accounts cannot be used in SAP`}
    >
      <Text size="sm" mb="xs">
        Create or activate these accounts in SAP before posting records to them.
      </Text>
      <Table aria-label="Ledger accounts with problems" withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Account Number</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.problems.map((problem) => (
            <Table.Tr key={problem.id}>
              <Table.Td>{problem.accountNumber}</Table.Td>
              <Table.Td>{problem.description}</Table.Td>
              <Table.Td>{problem.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Alert>
  );
}
