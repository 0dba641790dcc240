import module from 'node:module';

// Node 22.1 and later keep the compiled code of the modules on disk, so that a restart skips most
// of the compiling (bench/README.md, "the embedded start"); older versions start without it.
const { enableCompileCache } = module as { enableCompileCache?: () => unknown };
enableCompileCache?.();
await import('./server.js');
