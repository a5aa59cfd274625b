// The renderer's build: a static bundle served by Electron (app://, relative base './') or by the
// browser host from dist/renderer. No inline scripts, so the strict CSP holds. Two pages: the app
// (index.html) and the browser host's unlock page (unlock.html), which share the sign-in code.
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A second line of defence behind the CSP response headers (Electron's app:// handler, the
// browser host): the built page carries its own policy. The browser host's event socket is
// loopback; Electron's header allows no socket at all, and the stricter of the two applies.
// Only in the build: Vite's dev server needs an inline preamble.
const META_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws://127.0.0.1:* ws://localhost:*; object-src 'none'; base-uri 'none'; form-action 'none'";

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [
    react(),
    {
      name: 'meta-csp',
      apply: 'build',
      transformIndexHtml: (html) =>
        html.replace(
          '<meta charset="utf-8" />',
          `<meta charset="utf-8" />\n    <meta http-equiv="Content-Security-Policy" content="${META_CSP}" />`,
        ),
    },
  ],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    rolldownOptions: { input: { main: resolve('renderer/index.html'), unlock: resolve('renderer/unlock.html') } },
    // Inline assets would need data: in script/style sources; keep them as files.
    assetsInlineLimit: 0,
  },
  server: { port: 5173, strictPort: true },
});
