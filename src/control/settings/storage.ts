// What the server keeps on disk: the data and volumes directories, and sandboxes' output logs
// (rotated while they run, kept a while after a kill).
import { Type } from 'typebox'

export const storageSettings = {
  dataDir: Type.String({
    env: 'SANDOCK_DATA_DIR',
    description:
      'API key, token seed, access tokens (`access-tokens.json`, digests only), sandbox deadlines, TLS material, secrets (`secrets.db`, values encrypted) (`/var/lib/sandock` in the image)',
    default: '.sandock-data',
  }),
  volumesDir: Type.String({
    env: 'SANDOCK_VOLUMES_DIR',
    description:
      'volume data, one directory per volume; must be the same path for the server and the Docker engine (see [Volumes](volumes-and-secrets.md#volumes))',
    docDefault: '`<data dir>/volumes`',
    default: '',
  }),
  logMaxSizeMB: Type.Integer({
    env: 'SANDOCK_LOG_MAX_SIZE_MB',
    description:
      "a sandbox container's output on the host (Docker's `json-file` driver, whatever the daemon's default) is rotated at this size (MiB); at most 10 MiB per sandbox by default",
    default: 5,
    minimum: 1,
    maximum: 1024,
  }),
  logMaxFiles: Type.Integer({
    env: 'SANDOCK_LOG_MAX_FILES',
    description: "how many rotated files of a sandbox container's output are kept",
    default: 2,
    minimum: 1,
    maximum: 20,
  }),
  logRetentionS: Type.Integer({
    env: 'SANDOCK_LOG_RETENTION',
    description:
      "seconds a killed sandbox's log stays readable (0: not kept); its last `SANDOCK_LOG_KEEP_KB` KiB are kept in `<data dir>/sandbox-logs/`",
    default: 7 * 24 * 3600,
    minimum: 0,
  }),
  logKeepKB: Type.Integer({
    env: 'SANDOCK_LOG_KEEP_KB',
    description: "KiB of a killed sandbox's log that are kept (its last lines)",
    default: 256,
    minimum: 1,
    maximum: 65536,
  }),
  logKeptTotalMB: Type.Integer({
    env: 'SANDOCK_LOG_KEPT_TOTAL_MB',
    description: 'all kept logs of killed sandboxes together at most (MiB); the oldest are removed first',
    default: 256,
    minimum: 1,
  }),
}
