// Fixed output names (no content hashes): the server embeds exactly dist/index.html, app.js, app.css and
// app-lab.js (the Lab page, imported on demand by main.ts, with its editor and charting libraries; the list
// is COURT_WEB_ASSETS in cmake/web.cmake).
import { defineConfig } from "vite";

export default defineConfig({
  base: "/",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsInlineLimit: 100000,
    cssCodeSplit: false,
    // The Lab's script is large (CodeMirror, Vega-Lite) and is fetched only by the Lab page.
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      output: {
        entryFileNames: "app.js",
        chunkFileNames: "app-[name].js",
        assetFileNames: (info) => (info.names?.some((n) => n.endsWith(".css")) ? "app.css" : "[name][extname]"),
      },
    },
  },
});
