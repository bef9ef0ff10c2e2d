#!/usr/bin/env node
// Runs the built CLI; `npm install` builds it (the root package's `prepare` script). Its bundle,
// one module instead of ~100, when the build made a current one (docs/decisions/031-node-speed-at-scale.md).
import { bundledModule } from '../dist/host-node/bundle-path.js';

const { main } = await import(bundledModule('cli')?.href ?? '../dist/cli/main.js');

process.exitCode = await main(process.argv.slice(2));
