// What both programs know about envd: the port it listens on in every sandbox, and its version.
// The SDK gates features on the version (contract 1.8): keep it semver and >= 0.6.4; it mirrors the
// upstream envd release whose behaviour we implement.
export const ENVD_VERSION = '0.6.13'

/** envd's port inside every sandbox (upstream's): the proxy routes it, the control plane calls it. */
export const ENVD_PORT = 49983
