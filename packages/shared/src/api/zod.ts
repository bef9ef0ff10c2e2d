import { z } from 'zod';

// zod compiles object parsers with `new Function` unless told not to, and first probes whether it
// may (`allowsEval`). The site's Content-Security-Policy has no 'unsafe-eval': the probe is blocked
// and reported as a violation on every page that loads these schemas (and counted against the site
// by Lighthouse). Set before any schema is built, as every schema module imports zod from here.
z.config({ jitless: true });

export { z };
