// Loaded into the shops the browser tests run (`node --import`) and into their
// test workers: argon2id with 1 MiB and one pass where the shop asks for 19 MiB
// and two, so the thousands of sign-ins and registrations of the property tests
// do not spend the suite's CPU on hashing (about 45 ms of CPU each). Each hash
// names its own settings, so it is checked as any other; the shop's own
// settings are held by a unit test (password.test.ts).
import argon2 from "argon2";

const hash = argon2.hash;
argon2.hash = (password, options) => hash(password, { ...options, memoryCost: 1024, timeCost: 1 });
