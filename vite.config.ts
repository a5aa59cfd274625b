// The renderer's build: a static bundle served by Electron (file://, hence base './') or by the
// browser host from dist/renderer. No inline scripts, so the strict CSP holds.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // Inline assets would need data: in script/style sources; keep them as files.
    assetsInlineLimit: 0,
  },
  server: { port: 5173, strictPort: true },
});
