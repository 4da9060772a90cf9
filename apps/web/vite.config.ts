import { readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** One lazy chunk per product area: every module under src/features/<area>/ joins chunk `area-<area>`. */
function areaChunk(id: string): string | null {
  const match = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(id);
  return match ? `area-${match[1]}` : null;
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/health': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: areaChunk }] } },
    },
  },
});
