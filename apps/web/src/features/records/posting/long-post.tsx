import { useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
// Only a long post's bar uses it: its styles load with the posting screens, not on every route (app/mantine-styles.ts).
import '@mantine/core/styles/Progress.css';
import { formatCount } from '@/lib/format';
import type { PostHooks, PostProgress } from './post-progress';
import { POST_CHUNK_SIZE, type ChunkedPostOutcome } from './post-records';

/** A row selection of these ids. */
export const selectionOf = (ids: readonly number[]) =>
  Object.fromEntries(ids.map((id) => [String(id), true]));

/**
 * The selection after a post: posted rows leave the list, and their saved inputs go too. One request: the
 * selection clears, as it always has. Several, or a cancelled post: the rows that did not post (refused, or not
 * sent) stay selected.
 */
export function settleSelection(
  posting: {
    forget: (ids: number[]) => void;
    setRowSelection: (selection: Record<string, boolean>) => void;
    clear: () => void;
  },
  outcome: ChunkedPostOutcome,
) {
  posting.forget(outcome.postedIds);
  const long = outcome.chunks > 1 || Boolean(outcome.skippedIds?.length);
  if (long && outcome.notPostedIds.length > 0) posting.setRowSelection(selectionOf(outcome.notPostedIds));
  else posting.clear();
}

/**
 * A long post on a posting screen (issue 26): while it runs, "Posting 500 of 1,100 …" with a bar and a Cancel
 * that stops before the next request; at its end a summary: the rows posted with SAP's document numbers
 * (copyable), the rows not posted with each reason, and "Select failed rows". A post of one request (up to 500
 * rows) keeps its toast only, as the spec's screens always had.
 */
export function useLongPost(onSelectFailed: (ids: number[]) => void): {
  hooks: PostHooks;
  /** After the post, before the lists reload (the rows are still there to be named). */
  finish: (outcome: ChunkedPostOutcome, labelOf: (id: number) => string) => void;
  running: boolean;
  ui: ReactNode;
} {
  const [progress, setProgress] = useState<PostProgress | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const cancelled = useRef(false);
  const [summary, setSummary] = useState<{
    outcome: ChunkedPostOutcome;
    labelOf: (id: number) => string;
  } | null>(null);
  const hooks = useMemo<PostHooks>(
    () => ({
      onProgress: (next) => {
        if (next.done === 0) {
          cancelled.current = false;
          setCancelling(false);
        }
        setProgress(next);
      },
      isCancelled: () => cancelled.current,
    }),
    [],
  );
  const finish = (outcome: ChunkedPostOutcome, labelOf: (id: number) => string) => {
    setProgress(null);
    if (outcome.posted) setSummary({ outcome, labelOf });
  };
  const long = progress !== null && progress.total > POST_CHUNK_SIZE;
  const ui = (
    <>
      {long && (
        <Paper withBorder p="sm" radius="md" role="status" aria-live="polite">
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm" fw={500}>
                {cancelling
                  ? `Stopping after this request: ${formatCount(progress.done)} of ${formatCount(progress.total)} answered`
                  : `Posting ${formatCount(progress.done)} of ${formatCount(progress.total)} …`}
              </Text>
              <Button
                size="xs"
                variant="default"
                disabled={cancelling}
                onClick={() => {
                  cancelled.current = true;
                  setCancelling(true);
                }}
              >
                Cancel
              </Button>
            </Group>
            <Progress.Root>
              <Progress.Section
                value={(100 * progress.done) / progress.total}
                aria-label="Posted so far"
                striped
                animated={!cancelling}
              />
            </Progress.Root>
          </Stack>
        </Paper>
      )}
      {summary && (
        <PostSummary
          outcome={summary.outcome}
          labelOf={summary.labelOf}
          onClose={() => setSummary(null)}
          onSelectFailed={(ids) => {
            onSelectFailed(ids);
            setSummary(null);
          }}
        />
      )}
    </>
  );
  return { hooks, finish, running: progress !== null, ui };
}

/** A list of the summary that scrolls past 200 px, and takes the keyboard focus to be scrolled. */
const ScrollList = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack
    gap={2}
    mah={200}
    style={{ overflowY: 'auto' }}
    tabIndex={0}
    component="ul"
    p={0}
    m={0}
    aria-label={label}
  >
    {children}
  </Stack>
);

/** 'trip TRP-1: SAP refused ...', or the server's sentence alone when it names the row already. */
const failureLine = (label: string, message: string) =>
  message.includes(label.replace(/^\S+ /, '')) ? message : `${label}: ${message}`;

function PostSummary({
  outcome,
  labelOf,
  onClose,
  onSelectFailed,
}: {
  outcome: ChunkedPostOutcome;
  labelOf: (id: number) => string;
  onClose: () => void;
  onSelectFailed: (ids: number[]) => void;
}) {
  const posted = outcome.posted ?? [];
  const failed = outcome.failed ?? [];
  const skipped = outcome.skippedIds?.length ?? 0;
  const docNums = posted.flatMap((p) => (p.sapDocNum === null ? [] : [String(p.sapDocNum)]));
  return (
    <Modal opened onClose={onClose} title="Post to SAP: summary" size="lg" centered>
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={600}>{`Posted ${formatCount(posted.length)}`}</Text>
          {docNums.length > 0 && (
            <CopyButton value={docNums.join('\n')}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="default"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                >
                  {copied ? 'Copied' : 'Copy SAP DocNums'}
                </Button>
              )}
            </CopyButton>
          )}
        </Group>
        {posted.length > 0 && (
          <ScrollList label="Posted rows">
            {posted.map((p) => (
              <Group key={p.id} component="li" gap="xs" wrap="nowrap" style={{ listStyle: 'none' }}>
                <Text size="sm">{labelOf(p.id)}</Text>
                {p.sapDocNum !== null && (
                  <>
                    <Text size="sm" c="dimmed">{`SAP DocNum ${p.sapDocNum}`}</Text>
                    <CopyButton value={String(p.sapDocNum)}>
                      {({ copied, copy }) => (
                        <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            onClick={copy}
                            aria-label={`Copy SAP DocNum ${p.sapDocNum}`}
                          >
                            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </CopyButton>
                  </>
                )}
              </Group>
            ))}
          </ScrollList>
        )}
        <Text
          fw={600}
          c={failed.length ? 'red' : undefined}
        >{`Not posted ${formatCount(failed.length)}`}</Text>
        {failed.length > 0 && (
          <ScrollList label="Rows not posted">
            {failed.map((f) => (
              <Text key={f.id} size="sm" component="li" style={{ listStyle: 'none' }}>
                {failureLine(labelOf(f.id), f.message)}
              </Text>
            ))}
          </ScrollList>
        )}
        {skipped > 0 && (
          <Text
            size="sm"
            c="dimmed"
          >{`Not sent (cancelled): ${formatCount(skipped)}; they stay selected.`}</Text>
        )}
        <Group justify="flex-end">
          {failed.length > 0 && (
            <Button variant="default" onClick={() => onSelectFailed(failed.map((f) => f.id))}>
              Select failed rows
            </Button>
          )}
          <Button data-autofocus onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
