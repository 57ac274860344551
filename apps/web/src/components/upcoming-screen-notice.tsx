import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';

/** Stands in for a screen whose content ships with a later release. */
export function UpcomingScreenNotice({ children }: { children?: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon variant="light" color="yellow" size={48} radius="xl">
          <IconClockHour4 size={26} aria-hidden />
        </ThemeIcon>
        <Text fw={600}>This screen arrives with the posting release.</Text>
        {children && (
          <Text size="sm" c="dimmed" maw={520}>
            {children}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
