// The CLI's commands, by name: src/cli/main.ts parses the arguments with each command's options
// and calls its run(). To add a command, write src/cli/<name>.ts exporting a Command (see
// src/cli/command.ts) and add it here; the tool's --help lists it in this order. A command that needs
// more than the offline core (doctor: the GitHub client) loads it in its run(), with import().
import { check } from './check.js';
import type { Command } from './command.js';
import { corpus } from './corpus.js';
import { doctor } from './doctor.js';

export const COMMANDS: Readonly<Record<string, Command>> = { check, corpus, doctor };
