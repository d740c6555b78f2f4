// `persona-verdict corpus <manifest.json>`: the regression corpus, a table of every case.
import { runCorpus } from '../corpus.js';
import { UsageError, type Command } from './command.js';

export const corpus: Command = {
  summary: 'run a regression corpus of review bodies; exit 1 on any disagreement',
  help: `usage: persona-verdict corpus <manifest.json>

Runs every case of a corpus manifest (corpus/manifest.json in the repository) through the
strict grammar, and checks each suggestion a refused body gets; prints a table and a tally.
Exit 0 when every case agrees, 1 on any disagreement, 2 on a usage error or an unreadable manifest.

options:
  -h, --help              this help`,
  options: {},
  run(_values, positionals, io) {
    if (positionals.length !== 1) throw new UsageError('name exactly one manifest file');
    if (positionals[0] === '-') throw new UsageError('the manifest is a file (its bodies are named relative to it)');
    try {
      return runCorpus(positionals[0]!, io.out);
    } catch (e) {
      io.err(`persona-verdict corpus: ${(e as Error).message}`);
      return 2;
    }
  },
};
