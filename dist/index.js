// The entry, written by scripts/entry.mjs from src/index.ts; the bundle it runs is main.js
// (ncc of src/main.ts).
import { run } from './main.js';

await run();
