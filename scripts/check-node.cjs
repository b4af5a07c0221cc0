/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, so that any Node can read it. */
// Stops `npm run demo`, `npm start` and `npm test` at once, with one line
// saying what to do, on a Node older than the shop's (.nvmrc): the native
// database module built for another Node crashes without a word otherwise.
// Plain CommonJS, so that any Node can read it.
"use strict";
const fs = require("fs");
const path = require("path");

const wanted = fs
  .readFileSync(path.join(__dirname, "..", ".nvmrc"), "utf8")
  .trim()
  .replace(/^v/, "");
const major = (version) => Number(String(version).split(".")[0]);
if (major(process.versions.node) < major(wanted)) {
  console.error(
    `This shop runs on Node ${wanted} (.nvmrc) and this is Node ${process.versions.node}: ` +
      "run `. scripts/use-node.sh` (or `nvm use`), then `npm install` and this command again.",
  );
  process.exit(1);
}
