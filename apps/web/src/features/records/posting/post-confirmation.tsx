import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CONFIRM_ABOVE_ROWS, type PostConfirmationSettings } from '@ff/contract';
import { api } from '@/lib/api-client';
import { formatCount, formatMoney } from '@/lib/format';
import { compareDecimal } from './decimal';
import type { CurrencyTotal } from './selection-summary';

/**
 * Confirm before posting (issue 26): a post of more rows than Settings > Posting defaults allows, or whose
 * local-currency total is above its amount, asks the clerk first: "Post 120 sales invoices totalling
 * 14,520,000.00 to SAP?". Smaller posts go at once, as they always have.
 */

export const postConfirmationQueryKey = ['settings', 'post-confirmation'] as const;

/** The rule, read once a minute at most; until it answers (or if it cannot), the default 50 rows. */
export function usePostConfirmationRule(): PostConfirmationSettings {
  const rule = useQuery({
    queryKey: postConfirmationQueryKey,
    queryFn: async () => {
      const rule = (await api.get<{ data?: PostConfirmationSettings }>('/settings/post-confirmation')).data
        .data;
      if (typeof rule?.confirmAboveRows !== 'number')
        throw new Error('The confirmation rule was not answered.');
      return rule;
    },
    staleTime: 60_000,
  });
  return rule.data ?? { confirmAboveRows: DEFAULT_CONFIRM_ABOVE_ROWS, confirmAboveAmount: null };
}

/** Whether a post of `count` rows with these totals asks first: more rows than the rule, or a larger local total. */
export function needsConfirmation(
  rule: PostConfirmationSettings,
  count: number,
  totals: readonly CurrencyTotal[] | null,
): boolean {
  if (count > rule.confirmAboveRows) return true;
  const local = totals?.find((t) => t.currency === null)?.total;
  return (
    rule.confirmAboveAmount !== null &&
    local !== undefined &&
    compareDecimal(local, rule.confirmAboveAmount) > 0
  );
}

/** "Post 120 sales invoices totalling 14,520,000.00 and USD 2,500.00 to SAP?" (one total per currency). */
export function confirmationQuestion(
  count: number,
  noun: { one: string; many: string },
  totals: readonly CurrencyTotal[] | null,
): string {
  const what = `${formatCount(count)} ${count === 1 ? noun.one : noun.many}`;
  const amounts = (totals ?? []).map(({ total, currency }) => formatMoney(total, currency));
  const totalling = amounts.length
    ? ` totalling ${amounts.length > 1 ? `${amounts.slice(0, -1).join(', ')} and ${amounts.at(-1)}` : amounts[0]}`
    : '';
  return `Post ${what}${totalling} to SAP?`;
}

/**
 * The post button's click through the rule: `post` at once, or after the clerk confirms in a dialog that names
 * what goes. `modal` is the dialog to render.
 */
export function useConfirmedPost(args: {
  count: number;
  totals: readonly CurrencyTotal[] | null;
  noun: { one: string; many: string };
  post: () => void;
}): { request: () => void; modal: ReactNode } {
  const rule = usePostConfirmationRule();
  const [question, setQuestion] = useState<string | null>(null);
  const request = () => {
    if (!needsConfirmation(rule, args.count, args.totals)) return args.post();
    setQuestion(confirmationQuestion(args.count, args.noun, args.totals));
  };
  const close = () => setQuestion(null);
  const modal = (
    <Modal opened={question !== null} onClose={close} title="Post to SAP" centered>
      <Stack gap="md">
        <Text>{question}</Text>
        <Text size="sm" c="dimmed">
          Each row is posted to SAP once; rows SAP refuses stay in the list with the reason.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              close();
              args.post();
            }}
          >
            Post
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { request, modal };
}
