// bench:web's size baseline: the smallest real Mantine app (React, MantineProvider with Mantine's own
// stylesheet, one TextInput and one Button), built by the same Vite as apps/web.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import { Button, MantineProvider, Stack, TextInput } from '@mantine/core';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider>
      <Stack p="md" maw={320}>
        <TextInput label="Email" placeholder="you@example.com" />
        <Button>Log In</Button>
      </Stack>
    </MantineProvider>
  </StrictMode>,
);
