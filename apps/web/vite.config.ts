import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';
// Sign-in calls live at the site root (docs/design/auth-contract.md); GET of the same paths is the SPA itself.
const apiOnly = (path: string) => ({
  target: apiTarget,
  bypass: (req: { method?: string; headers: { accept?: string } }) =>
    req.method === 'GET' && req.headers.accept?.includes('text/html') ? path : undefined,
});

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    conditions: ['source'],
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900 },
  server: {
    proxy: {
      // Keys starting with ^ are regular expressions; plain keys are prefixes ('/user' would take '/users').
      '/api/': apiTarget,
      '/sanctum/': apiTarget,
      '^/login$': apiOnly('/index.html'),
      '^/logout$': apiTarget,
      '^/forgot-password$': apiOnly('/index.html'),
      '^/reset-password$': apiTarget,
      '^/user$': apiTarget,
    },
  },
});
