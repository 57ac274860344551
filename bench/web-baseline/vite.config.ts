import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Same Vite and React plugin as apps/web; same build target defaults, no source maps.
export default defineConfig({
  plugins: [react()],
  build: { sourcemap: false, chunkSizeWarningLimit: 900 },
});
