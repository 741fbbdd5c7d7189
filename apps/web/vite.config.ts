import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = process.env.SIGHTLINE_API_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/webhooks": { target: apiTarget },
      "/sandbox": { target: apiTarget },
      "/dev/mailbox": { target: apiTarget },
    },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: false,
  },
});
