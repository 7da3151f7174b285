// The time limits and connection caps of every listener (the proxy, the API, the domain
// listener) and of each sandbox's proxied traffic.
import { Type } from 'typebox'

export const connectionLimitSettings = {
  proxyHeadersTimeoutMs: Type.Integer({
    env: 'SANDOCK_PROXY_HEADERS_TIMEOUT_MS',
    description:
      'a request head (request line and headers) must arrive within this on the proxy, the API and the domain listener; else 408 and the connection closes (checked every 2 s)',
    default: 20000,
    minimum: 1000,
    maximum: 600000,
  }),
  proxyBodyTimeoutMs: Type.Integer({
    env: 'SANDOCK_PROXY_BODY_TIMEOUT_MS',
    description:
      'a request body must bring at least `SANDOCK_PROXY_BODY_MIN_BYTES` in every window this long, unless the sandbox (or the API) is the one holding it back; else 408 (or a cut, once the answer started) and the connection closes. `0` = no body check. A slow but steady upload (≥ 4 KiB per 30 s) never hits it; WebSockets and responses are not timed',
    default: 30000,
    minimum: 0,
    maximum: 3600000,
  }),
  proxyBodyMinBytes: Type.Integer({
    env: 'SANDOCK_PROXY_BODY_MIN_BYTES',
    description: 'see `SANDOCK_PROXY_BODY_TIMEOUT_MS`',
    default: 4096,
    minimum: 1,
  }),
  proxyMaxConnectionsPerClient: Type.Integer({
    env: 'SANDOCK_PROXY_MAX_CONNECTIONS_PER_CLIENT',
    description:
      'connections one client address may hold open at once on each listener (proxy, API, domain listener); past it a connection is answered 429 `{"code":429,"message":"Too many concurrent connections from this client (limit: N)","connectionLimit":N}` and closed (closed without an answer on TLS). `0` = no cap; behind a reverse proxy every client has its address, so raise or turn it off there. A cluster\'s node agents never apply it (their clients are the edges)',
    default: 512,
    minimum: 0,
  }),
  proxyMaxConnectionsPerSandbox: Type.Integer({
    env: 'SANDOCK_PROXY_MAX_CONNECTIONS_PER_SANDBOX',
    description:
      'proxied requests and WebSockets in flight to one sandbox; past it the contract\'s 429 `{"sandboxId","message":"The sandbox has too many concurrent incoming connections (limit: N)","code":429,"connectionLimit":N}`. `0` = no cap',
    default: 1024,
    minimum: 0,
  }),
}
