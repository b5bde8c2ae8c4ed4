import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false },
  server: { port: 5174, proxy: { '/admin-api': { target: 'http://127.0.0.1:3000' } } },
});
