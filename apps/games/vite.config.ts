import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/games/',
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false },
  server: { port: 5175 },
});
