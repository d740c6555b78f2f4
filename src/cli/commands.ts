// The CLI's commands, by name: src/cli.ts parses the arguments with each command's options
// and calls its run(). To add a command, write src/cli/<name>.ts exporting a Command (see
// src/cli/command.ts) and add it here; the tool's --help lists it in this order.
import { check } from './check.js';
import type { Command } from './command.js';
import { corpus } from './corpus.js';

export const COMMANDS: Readonly<Record<string, Command>> = { check, corpus };
