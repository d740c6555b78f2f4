// The offline CLI, `persona-verdict <command> [options] [files]`: no token, no network.
// Arguments are parsed with node:util parseArgs against the command's own options
// (src/cli/commands.ts is the table of commands), so options go anywhere after the command.
// Exit 0 good, 1 a refused input, 2 a usage error (one line of reason and the usage, on stderr).
// The bundle (dist/cli/main.js) exports main() and runCli(); dist/cli/index.js, the bin, is
// src/cli/index.ts and calls runCli(). The in-process tests (test/e2e/cli-run.ts) call main().
import { parseArgs } from 'node:util';
import { UsageError, type Command, type Io, type OptionSpec } from './command.js';
import { COMMANDS } from './commands.js';
import { readDescriptor } from '../read-file.js';
import { VERSION } from '../version.js';

const TOOL = 'persona-verdict';
/** Options whose empty value means "not set", as the action input of the same name. */
const UNSET_WHEN_EMPTY = new Set(['persona-version']);

function toolHelp(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  return [
    `usage: ${TOOL} <command> [options] [files]`,
    '',
    `Checks LLM review bodies offline, as the ${TOOL} GitHub Action does before it posts.`,
    '',
    'commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'options:',
    "  -h, --help     this help; with a command, that command's help",
    '  --version      print the version',
    '',
    `${TOOL} <command> --help shows a command's options.`,
  ].join('\n');
}

/** parseArgs' own messages, in one short line each, naming the argument as it was written. */
function argError(e: unknown, args: readonly string[]): UsageError {
  const { code, message } = e as { code?: string; message: string };
  const option = /'([^']+)'/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    // parseArgs names one letter of "-dash.md" or "-h=1" ("-d", "-="): name the whole argument
    const whole = args.find((a) => /^-[^-]/.test(a) && a.length > 2 && a.includes(option.slice(1)));
    if (!whole) return new UsageError(`unknown option ${option}`);
    return new UsageError(
      `unknown option ${whole}: a short option takes no value and is not combined; a file whose name starts ` +
        `with "-" is written ./${whole}`,
    );
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(message)) return new UsageError(`${option} takes no value`);
    return new UsageError(`${option.replace(/ <value>$/, '')} needs a value`);
  }
  return new UsageError(message.split('\n')[0]);
}

async function runCommand(name: string, command: Command, args: string[], io: Io): Promise<number> {
  const options: Record<string, OptionSpec> = {
    ...command.options,
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean' },
  };
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true, tokens: true });
  } catch (e) {
    return usage(io, `${TOOL} ${name}`, argError(e, args).message, command.help);
  }
  // parseArgs keeps the last of an option given twice: "--findings bad.json --findings good.json" would check
  // only good.json, and exit 0 — an option that takes one value is refused when given again
  const seen = new Set<string>();
  for (const t of parsed.tokens) {
    if (t.kind !== 'option' || options[t.name]?.multiple) continue;
    if (seen.has(t.name) && options[t.name]?.type === 'string')
      return usage(io, `${TOOL} ${name}`, `--${t.name} is given more than once: give it once`, command.help);
    seen.add(t.name);
  }
  if (parsed.values['help']) return printed(io, command.help);
  if (parsed.values['version']) return printed(io, `${TOOL} ${VERSION}`);
  // "--findings=" or "--findings ''": an option's value, or a file named, is never empty — but an empty
  // --persona-version is unset, as the action's optional input is (a workflow forwards an unset input as '')
  const empty = Object.entries(parsed.values).find(
    ([k, v]) => (v === '' && !UNSET_WHEN_EMPTY.has(k)) || (Array.isArray(v) && v.includes('')),
  );
  if (empty) return usage(io, `${TOOL} ${name}`, `--${empty[0]} needs a value, not an empty one`, command.help);
  if (parsed.positionals.includes(''))
    return usage(io, `${TOOL} ${name}`, 'an empty file name: name a file, or - for standard input', command.help);
  try {
    return await command.run(parsed.values, parsed.positionals, io);
  } catch (e) {
    if (e instanceof UsageError) return usage(io, `${TOOL} ${name}`, e.message, command.help);
    throw e;
  }
}

const printed = (io: Io, text: string): number => {
  io.out(text);
  return 0;
};

/** A usage error: the reason, the usage lines (help's first paragraph) and where the rest is. */
const usage = (io: Io, who: string, reason: string, help: string): number => {
  io.err(`${who}: ${reason}`);
  io.err(help.split('\n\n')[0]!);
  io.err(`(${who} --help for more)`);
  return 2;
};

export async function main(argv: string[], io: Io): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) return usage(io, TOOL, 'name a command', toolHelp());
  if (first === '--help' || first === '-h' || first === 'help') {
    const named = rest[0] !== undefined ? COMMANDS[rest[0]] : undefined;
    if (rest[0] !== undefined && !named) return usage(io, TOOL, `unknown command "${rest[0]}"`, toolHelp());
    return printed(io, named ? named.help : toolHelp());
  }
  if (first === '--version') return printed(io, `${TOOL} ${VERSION}`);
  const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (command) return runCommand(first, command, rest, io);
  // only --help and --version come before a command; "--" ends the options of one
  const known = Object.values(COMMANDS).some((c) => Object.hasOwn(c.options, first.replace(/^--?|=.*$/g, '')));
  const why =
    first === '--'
      ? '"--" comes after a command (persona-verdict check -- -file.md)'
      : first.startsWith('-')
        ? `unknown option ${first.split('=')[0]}${known ? ' (it goes after the command)' : ''}`
        : `unknown command "${first}"`;
  return usage(io, TOOL, why, toolHelp());
}

/** The CLI as a process: its arguments, its standard streams, its exit code. */
export async function runCli(): Promise<void> {
  // A reader that stops early (`| head`, `2>&1 | head`) is not an error: what is left unwritten to that stream is
  // dropped, and the exit code is still the command's (a usage error is 2 even when no one reads the usage)
  const writer = (stream: NodeJS.WriteStream) => {
    let closed = false;
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e;
      closed = true;
    });
    return (s: string) => {
      if (!closed) stream.write(s + '\n');
    };
  };
  process.exitCode = await main(process.argv.slice(2), {
    out: writer(process.stdout),
    err: writer(process.stderr),
    stdin: (max) => readDescriptor(0, max),
  });
}
