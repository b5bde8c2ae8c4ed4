import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = { target: 'http://127.0.0.1:3000', changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      // The site imports plain data (language names, codes) from @tala/contracts, whose modules also build zod
      // schemas at the top level. Marking zod's `z` pure lets the bundler drop those: zod never ships to the browser.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  server: {
    proxy: { '/wps': api, '/lgw': api, '/api-docs': api, '/manifest.webmanifest': api, '/icons': api },
  },
});
