import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Builds the bench-only 10,000-row table page from the console's own DataTable. */
export default defineConfig({
  root: fileURLToPath(new URL('./table-harness/', import.meta.url)),
  base: './',
  logLevel: 'warn',
  plugins: [react(), tailwindcss()],
  define: { __APP_VERSION__: JSON.stringify('bench') },
  build: { outDir: fileURLToPath(new URL('./table-harness/dist/', import.meta.url)), emptyOutDir: true },
});
