import { Anchor, Center, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export function BackToLoginLink() {
  return (
    <Center mt="lg">
      <Anchor component={Link} to={paths.login} size="sm" c="dimmed">
        <Group gap={6} component="span">
          <IconArrowLeft size={14} aria-hidden />
          Back to Login
        </Group>
      </Anchor>
    </Center>
  );
}
