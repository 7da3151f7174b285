// The one place that names envd's version. The SDK gates features on it (contract 1.8): keep it
// semver and >= 0.6.4; it mirrors the upstream envd release whose behaviour we implement.
export const ENVD_VERSION = '0.6.13'
