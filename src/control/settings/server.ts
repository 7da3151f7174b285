// The listeners' settings: the API keys, the ports and bind address, the public domain and its
// TLS, and the log level.
import { Type } from 'typebox'

export const serverSettings = {
  apiKeys: Type.Array(Type.String(), {
    env: 'SANDOCK_API_KEYS',
    description:
      'comma-separated keys accepted in `X-API-Key`; none → one `e2b_<hex>` key is generated, printed once, and only its SHA-256 digest kept in the data dir',
    docDefault: 'generated',
    default: [],
  }),
  apiPort: Type.Integer({
    env: 'SANDOCK_API_PORT',
    description: 'control API port',
    default: 3000,
    minimum: 0,
    maximum: 65535,
  }),
  proxyPort: Type.Integer({
    env: 'SANDOCK_PROXY_PORT',
    description:
      'sandbox proxy port (`E2B_SANDBOX_URL`); routes by `E2b-Sandbox-Id`/`E2b-Sandbox-Port` or by `Host: <port>-<id>.<domain>`',
    default: 3002,
    minimum: 0,
    maximum: 65535,
  }),
  host: Type.String({ env: 'SANDOCK_HOST', description: 'bind address of every listener', default: '0.0.0.0' }),
  domain: Type.String({
    env: 'SANDOCK_DOMAIN',
    description: 'public sandbox domain: returned as `Sandbox.domain`, enables the domain listener',
    docDefault: 'unset',
    default: '',
  }),
  tlsPort: Type.Integer({
    env: 'SANDOCK_TLS_PORT',
    description: 'domain listener port (advertised in `Sandbox.domain` when not 443)',
    default: 443,
    minimum: 0,
    maximum: 65535,
  }),
  tls: Type.Union([Type.Literal('auto'), Type.Literal('off')], {
    env: 'SANDOCK_TLS',
    description: '`auto` (configured or generated certificate) or `off`',
    default: 'auto',
  }),
  tlsCertFile: Type.Optional(
    Type.String({
      env: 'SANDOCK_TLS_CERT',
      description: "the domain listener's certificate, a PEM file (with `SANDOCK_TLS_KEY`)",
      docDefault: 'unset',
    }),
  ),
  tlsKeyFile: Type.Optional(
    Type.String({
      env: 'SANDOCK_TLS_KEY',
      description: "the domain listener's private key, a PEM file (with `SANDOCK_TLS_CERT`)",
      docDefault: 'unset',
    }),
  ),
  logLevel: Type.Union(
    [Type.Literal('debug'), Type.Literal('info'), Type.Literal('warn'), Type.Literal('error'), Type.Literal('silent')],
    { env: 'SANDOCK_LOG_LEVEL', description: '`debug`, `info`, `warn`, `error`, `silent`', default: 'info' },
  ),
}
