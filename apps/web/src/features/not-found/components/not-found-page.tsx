import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { NotFoundIllustration } from './not-found-illustration';

export function NotFoundPage() {
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--ff-color-subtle-bg)">
      <Stack align="center" gap="md" maw={520} ta="center">
        <NotFoundIllustration />
        <Title order={1} size="h2">
          404 Error
        </Title>
        <Text c="dimmed" size="lg">
          The page you're looking for doesn't exist. Let us help you find your way back.
        </Text>
        <Button
          component={Link}
          to={paths.dashboard}
          size="md"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          Go Back
        </Button>
      </Stack>
    </Center>
  );
}
