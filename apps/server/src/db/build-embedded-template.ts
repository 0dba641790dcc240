/**
 * Run by `npm run build` (after tsc): writes the template new embedded database folders are
 * unpacked from (see embedded-template.ts), beside the built client. Argument: another file to
 * write it to.
 */
import { MIGRATIONS_FOLDER } from './client.js';
import { EMBEDDED_TEMPLATE_FILE, writeEmbeddedTemplate } from './embedded-template.js';

const file = process.argv[2] ?? EMBEDDED_TEMPLATE_FILE;
await writeEmbeddedTemplate(file, MIGRATIONS_FOLDER);
