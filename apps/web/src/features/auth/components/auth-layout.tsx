import { Suspense } from 'react';
import { Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '@/components/logo';
import classes from './auth-layout.module.css';

/** The full-page background and card shared by the sign-in pages. */
export function AuthLayout() {
  return (
    <main className={classes.page}>
      <Stack align="center" gap={0} w="100%">
        <Paper radius="lg" className={classes.card}>
          <Center mb="lg">
            <Logo height={40} />
          </Center>
          <Suspense
            fallback={
              <Center h={240}>
                <Loader color="yellow" aria-label="Loading" />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </Paper>
        <Text size="xs" className={classes.footer}>
          Freight Finance back office · staff only
        </Text>
      </Stack>
    </main>
  );
}
