// Process entry of the shop. Production runs the built server bundle;
// development (NODE_ENV=development) runs the sources through Vite.
if (process.env.NODE_ENV === "development") {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { start } = await vite.ssrLoadModule("./server/app.ts");
  await start({ vite });
} else {
  const { start } = await import("./build/server/index.js");
  await start();
}
