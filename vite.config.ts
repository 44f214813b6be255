import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { localeSubset } from './scripts/vite/locale-subset';
import { publicEntries } from './scripts/vite/public-entries';
import { robotsTxt } from './scripts/vite/robots-txt';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  plugins: [react(), tailwindcss(), localeSubset(), publicEntries(), robotsTxt()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // Shown on /health, so support can tell which build a user runs.
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Libraries every screen needs get stable, named chunks: they change less often than
        // our code, so browsers keep them cached across deploys. Screen-specific libraries
        // (leaflet, qrcode, forms) stay in the lazy chunks that use them.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'vendor-router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 20 },
            { name: 'vendor-supabase', test: /node_modules[\\/]@supabase[\\/]/, priority: 20 },
            { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/]react-query|query-core/, priority: 20 },
            { name: 'vendor-i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 20 },
            // The booking page's icons and small shared helpers, one file each otherwise: a dozen
            // requests of 0.1–0.8 KB before /org/<slug> can draw (issue 13, requests before ready).
            {
              name: 'public-icons',
              test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](message-circle|map-pin|phone|star|bath|bed-double|users)\.m?js$/,
              priority: 20,
            },
            {
              name: 'public-lib',
              test: /src[\\/](lib[\\/](localized|unit-photos|public-rest|prerendered)|config[\\/]paths)\.ts$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
