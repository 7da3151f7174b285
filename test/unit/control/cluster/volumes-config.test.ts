// SANDOCK_VOLUMES_DIR in a cluster's configuration: absent (or empty) means no user volumes; a
// relative path is refused by name, since every node and replica must agree on one absolute path.
import { describe, expect, it } from 'vitest'
import { loadClusterConfig } from '../../../../src/control/cluster/config.js'

const base = {
  SANDOCK_DATABASE_URL: 'postgres://sandock@localhost/sandock',
  SANDOCK_TOKEN_SEED_FILE: '/run/secrets/seed',
  SANDOCK_NODE_TOKEN_FILE: '/run/secrets/node',
  // Mutual TLS's settings are config.test.ts's; here they are out of the way.
  SANDOCK_CLUSTER_TLS: 'off',
  SANDOCK_DATABASE_PASSWORD_FILE: '/run/secrets/db',
}

describe("a cluster's shared volumes directory", () => {
  it('is off unless set, taken as given when absolute, refused by name when relative', () => {
    expect(loadClusterConfig(base, 'control').sharedVolumesDir).toBeUndefined()
    expect(loadClusterConfig({ ...base, SANDOCK_VOLUMES_DIR: '' }, 'node').sharedVolumesDir).toBeUndefined()
    expect(
      loadClusterConfig({ ...base, SANDOCK_VOLUMES_DIR: '/var/lib/sandock-volumes' }, 'node').sharedVolumesDir,
    ).toBe('/var/lib/sandock-volumes')
    expect(() => loadClusterConfig({ ...base, SANDOCK_VOLUMES_DIR: 'volumes' }, 'control')).toThrow(
      'SANDOCK_VOLUMES_DIR must be an absolute path, got "volumes"',
    )
  })
})
