import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useSignedInUser } from '@/lib/auth/current-user';
import { paths } from '@/lib/paths';
import classes from './app-layout.module.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

export function UserMenu({ onLogout, onOpen }: { onLogout: () => void; onOpen?: () => void }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  return (
    // No focus placeholder: Mantine's is a role="presentation" child, which a role="menu" may not hold.
    <Menu
      position="bottom-end"
      width={220}
      shadow="md"
      withinPortal
      withInitialFocusPlaceholder={false}
      onOpen={onOpen}
    >
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label={`Account menu for ${user.name}`}>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="dark" variant="filled" radius="xl" size={34}>
              {initials(user.name)}
            </Avatar>
            <div className={classes.userText}>
              <Text size="sm" fw={600} lh={1.2} truncate>
                {user.name}
              </Text>
              <Text size="xs" lh={1.2} className={classes.userRole} truncate>
                {user.role}
              </Text>
            </div>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Menu</Menu.Label>
        <Menu.Item
          leftSection={<IconUserCircle size={16} aria-hidden />}
          onClick={() => void navigate(paths.account)}
        >
          My Account
        </Menu.Item>
        <Menu.Item
          leftSection={<IconSettings size={16} aria-hidden />}
          onClick={() => void navigate(paths.settings)}
        >
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
