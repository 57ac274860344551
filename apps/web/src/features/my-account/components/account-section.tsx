import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';

export type AccountSectionProps = {
  title: string;
  description?: ReactNode;
  /** Beside the title, e.g. a status badge. */
  aside?: ReactNode;
  children: ReactNode;
};

/** One part of My Account: a bordered panel with its h2, a line on what it is for, then its content. */
export function AccountSection({ title, description, aside, children }: AccountSectionProps) {
  const headingId = `account-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Group gap="sm" align="center">
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            {aside}
          </Group>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
