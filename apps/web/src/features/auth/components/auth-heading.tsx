import { Stack, Text, Title } from '@mantine/core';

export function AuthHeading({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap={6} mb="lg" align="center" ta="center">
      <Title order={1} size="h3">
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}
