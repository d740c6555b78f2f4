#!/usr/bin/env node
// The entry, written by scripts/entry.mjs from src/cli/index.ts; the bundle it runs is main.js
// (ncc of src/cli/main.ts).
import { runCli } from './main.js';

await runCli();
