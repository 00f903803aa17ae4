import react from '@vitejs/plugin-react';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';
import type { Plugin, ViteDevServer } from 'vite';
import { defineConfig } from 'vite';
import type * as HttpModule from './app/server/http.js';
import type * as SecurityModule from './app/server/security.js';
import type * as SetupModule from './app/host/setup.js';

const built = (path: string) => pathToFileURL(fileURLToPath(new URL(`./dist/app/${path}`, import.meta.url))).href;

/**
 * `npm run dev`: the web host (app/server/http.ts, built by `tsc -b` into dist/) runs inside the
 * Vite process on its own ephemeral port, and Vite serves the renderer from source with HMR.
 * Vite passes `/api/*` and `/compact_context` on to the host once the request passes the
 * host's own Host/Origin gate for Vite's port; the host then checks the per-launch token, as
 * under `serve`. The printed URL carries the token. The dev page has no CSP: HMR injects
 * inline scripts (the built renderer keeps the strict one).
 */
function webHost(): Plugin {
  return {
    name: 'compaction-inspector-web-host',
    apply: 'serve',
    async configureServer(server: ViteDevServer) {
      const { startWebHost } = (await import(built('server/http.js'))) as typeof HttpModule;
      const { newToken, rejectForeign } = (await import(built('server/security.js'))) as typeof SecurityModule;
      const { setupHost } = (await import(built('host/setup.js'))) as typeof SetupModule;
      const setup = setupHost('web');
      for (const warning of setup.config.warnings) server.config.logger.warn(warning);
      const token = newToken();
      const host = await startWebHost({ port: 0, token, setup });
      const vitePort = () => (server.httpServer?.address() as AddressInfo | null)?.port ?? 0;
      server.httpServer?.once('listening', () =>
        server.config.logger.info(`\n  Compaction Inspector (dev): http://127.0.0.1:${vitePort()}/?token=${token}\n`),
      );
      server.httpServer?.once('close', () => void host.close());
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const path = req.url ?? '/';
        if (!path.startsWith('/api/') && path !== '/compact_context' && !path.startsWith('/compact_context?'))
          return next();
        const refused = rejectForeign(req, vitePort());
        if (refused) {
          res.writeHead(403, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ error: { code: 'forbidden', message: refused } }));
          return;
        }
        // Vite's origin passed the gate above; the host sees itself as the origin it was asked from.
        const hostAt = `127.0.0.1:${host.port}`;
        const headers = { ...req.headers, host: hostAt, ...(req.headers.origin ? { origin: `http://${hostAt}` } : {}) };
        const upstream = request(
          { host: '127.0.0.1', port: host.port, method: req.method, path, headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', (error) => {
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(`web host unreachable: ${error.message}\n`);
        });
        req.pipe(upstream);
      });
    },
  };
}

// The renderer lives in renderer/ and builds to dist/renderer, which both hosts serve.
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [react(), webHost()],
  server: { host: '127.0.0.1' },
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
  },
  worker: { format: 'es' },
});
