// Injected into envd's bundle (scripts/bundle-envd.mjs) as the global `Headers`: undici's own
// WHATWG Headers class, the same code Node's global is made of. Node's global `Headers` is a lazy
// getter that loads all of Node's internal undici (fetch, its dispatchers, HTTP/2 and TLS) on
// first use, and connect-node builds a `Headers` for every request: a cold sandbox's first
// command paid ~35 ms of CPU for code envd never runs. This module loads only the class, and its
// bytecode goes into envd's code cache with the rest of the bundle.
export { Headers } from 'undici/lib/web/fetch/headers.js'
