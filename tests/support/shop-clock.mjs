// Loaded into a shop a test runs (`node --import`): a clock the test can move
// forward, so a time limit can run out without the test waiting for it. Each
// SIGUSR2 puts the shop's Date.now() an hour ahead.
const realNow = Date.now;
let ahead = 0;
Date.now = () => realNow() + ahead;
process.on("SIGUSR2", () => {
  ahead += 60 * 60 * 1000;
});
