// Loaded into a shop a test runs (`node --import`): a clock the test can move
// forward, so a time limit can run out without the test waiting for it. Each
// SIGUSR2 puts the shop's Date.now() ahead by SHOP_CLOCK_STEP_MS (an hour
// unless the test says otherwise).
const realNow = Date.now;
const step = Number(process.env.SHOP_CLOCK_STEP_MS) || 60 * 60 * 1000;
let ahead = 0;
Date.now = () => realNow() + ahead;
process.on("SIGUSR2", () => {
  ahead += step;
});
