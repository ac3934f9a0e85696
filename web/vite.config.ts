import { defineConfig } from 'vitest/config';

/** The client is served by the gateway; in development Vite proxies `/api` and `/socket` to a running `npm start`. */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: process.env.LMS_API ?? 'http://localhost:8080', changeOrigin: false },
      // the services' sockets (the exam monitor), through the gateway
      '/socket': { target: process.env.LMS_API ?? 'http://localhost:8080', changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // React Router marks its modules "use client" for server components; meaningless in a client bundle.
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'lint/**/*.test.mjs'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // the machines the suite runs on are shared: rendering a page may take a few seconds there
    testTimeout: 20_000,
  },
});
