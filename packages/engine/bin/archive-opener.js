#!/usr/bin/env node
// Runs the compiled CLI; `npm install` builds it (the root package's `prepare` script).
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
