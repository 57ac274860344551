import { NativeSelect } from '@mantine/core';
import type { AuditActor, AuditEventType } from '@ff/contract';

export type AuditFilterSelectsProps = {
  actors: AuditActor[] | undefined;
  eventTypes: AuditEventType[] | undefined;
  userId: number | undefined;
  event: AuditEventType | undefined;
  onUserChange: (userId: string) => void;
  onEventChange: (event: string) => void;
};

/**
 * The User and Event type filters beside the search box: applied at once, each with an 'All' choice. A
 * filter from the URL whose options have not loaded yet still shows (as its id or name).
 */
export function AuditFilterSelects(props: AuditFilterSelectsProps) {
  const { actors = [], eventTypes = [], userId, event } = props;
  const userOptions = actors.map((a) => ({ value: String(a.id), label: a.name }));
  if (userId !== undefined && !actors.some((a) => a.id === userId))
    userOptions.push({ value: String(userId), label: `User #${userId}` });
  const eventOptions: string[] = [...eventTypes];
  if (event && !eventOptions.includes(event)) eventOptions.push(event);
  return (
    <>
      <NativeSelect
        aria-label="User"
        w={200}
        value={userId === undefined ? '' : String(userId)}
        onChange={(e) => props.onUserChange(e.currentTarget.value)}
        data={[{ value: '', label: 'All users' }, ...userOptions]}
      />
      <NativeSelect
        aria-label="Event type"
        w={220}
        value={event ?? ''}
        onChange={(e) => props.onEventChange(e.currentTarget.value)}
        data={[{ value: '', label: 'All event types' }, ...eventOptions.map((t) => ({ value: t, label: t }))]}
      />
    </>
  );
}
