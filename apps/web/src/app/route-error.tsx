import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

/**
 * Last line of defence for a render error or a page chunk that failed to download (for example after a
 * new release replaced the files): says so and offers a reload.
 */
export function RouteError() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <Title order={1} size="h3">
          Something went wrong
        </Title>
        <Text c="dimmed">
          This page could not be shown. Reload the page to try again; if it keeps happening, please reach out
          to support.
        </Text>
        <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Stack>
    </Center>
  );
}
