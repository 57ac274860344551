import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { serverMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useReversePosting } from '../api/postings';

export const REASON_MIN = 5;
export const REASON_MAX = 250;

/** The reason's problem, or null when it may be sent (5-250 characters once trimmed). */
export function reasonProblem(reason: string): string | null {
  const length = reason.trim().length;
  if (length < REASON_MIN) return `Give a reason of at least ${REASON_MIN} characters.`;
  if (length > REASON_MAX) return `The reason may be at most ${REASON_MAX} characters.`;
  return null;
}

/** Asks why, then cancels the posting's SAP document (`POST /postings/{id}/reverse`); the answer is a toast. */
export function ReversePostingModal(props: {
  id: number;
  name: string;
  opened: boolean;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const reverse = useReversePosting(props.id);
  const problem = reasonProblem(reason);
  const close = () => {
    setReason('');
    setTouched(false);
    props.onClose();
  };
  const submit = () => {
    setTouched(true);
    if (problem) return;
    reverse.mutate(reason.trim(), {
      onSuccess: (answer) => {
        notifySuccess({ message: answer.message });
        close();
      },
      onError: (error) =>
        notifyError({ message: serverMessage(error) ?? 'The reversal could not be sent. Try again.' }),
    });
  };
  return (
    <Modal opened={props.opened} onClose={close} title="Reverse in SAP" centered>
      <Stack gap="sm">
        <Text size="sm">
          SAP cancels the document of {props.name}. The record returns to its list to be corrected and posted
          again.
        </Text>
        <Textarea
          label="Reason"
          required
          rows={4}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched ? problem : null}
          description={`${reason.trim().length} / ${REASON_MAX} characters`}
          maxLength={REASON_MAX + 50}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={reverse.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={submit} loading={reverse.isPending}>
            Reverse in SAP
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
