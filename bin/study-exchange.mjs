#!/usr/bin/env node
// Launcher for the command-line tool (package.json "bin"): loads the TypeScript sources
// through tsx, then runs them with this process's arguments.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import(new URL('../electron/cli/main.ts', import.meta.url).href);
process.exit(await runCli(process.argv.slice(2)));
