// loadClusterConfig's mutual-TLS settings: on by default, the CA certificate required on both
// roles and its key on control, a node refusing the CA key, `off` as the only other value.
import { describe, expect, it } from 'vitest'
import { loadClusterConfig } from '../../../../src/control/cluster/config.js'
import { rejection } from '../../../support/async.js'

const base = {
  SANDOCK_DATABASE_URL: 'postgres://sandock@db:5432/sandock',
  SANDOCK_TOKEN_SEED_FILE: '/run/secrets/seed',
  SANDOCK_NODE_TOKEN_FILE: '/run/secrets/node-token',
  SANDOCK_NODE_ID: 'node1',
}
const ca = { SANDOCK_CLUSTER_CA_FILE: '/run/secrets/ca' }
const caKey = { SANDOCK_CLUSTER_CA_KEY_FILE: '/run/secrets/ca-key' }

describe('the cluster config: mutual TLS', () => {
  it('is on by default: control needs the CA certificate and key, a node the certificate', () => {
    expect(loadClusterConfig({ ...base, ...ca, ...caKey }, 'control')).toMatchObject({
      clusterTls: true,
      clusterCaFile: '/run/secrets/ca',
      clusterCaKeyFile: '/run/secrets/ca-key',
    })
    expect(loadClusterConfig({ ...base, ...ca }, 'node')).toMatchObject({
      clusterTls: true,
      clusterCaKeyFile: undefined,
    })
  })

  it('refuses a start without them, naming what to do', async () => {
    const noCa = await rejection(() => loadClusterConfig({ ...base }, 'node'))
    expect(noCa.message).toMatch(/SANDOCK_CLUSTER_CA_FILE is required .*sandock cluster init.*SANDOCK_CLUSTER_TLS=off/)
    const noKey = await rejection(() => loadClusterConfig({ ...base, ...ca }, 'control'))
    expect(noKey.message).toMatch(/SANDOCK_CLUSTER_CA_KEY_FILE is required on control/)
  })

  it('refuses the CA key on a node, and any value but on or off', async () => {
    const keyOnNode = await rejection(() => loadClusterConfig({ ...base, ...ca, ...caKey }, 'node'))
    expect(keyOnNode.message).toMatch(/must not be given to a node agent/)
    const bad = await rejection(() =>
      loadClusterConfig({ ...base, ...ca, ...caKey, SANDOCK_CLUSTER_TLS: 'yes' }, 'control'),
    )
    expect(bad.message).toMatch(/SANDOCK_CLUSTER_TLS must be on or off, got "yes"/)
  })

  it('off: plain HTTP; a node still needs the CA to enroll its database role, or the shared password', async () => {
    expect(loadClusterConfig({ ...base, SANDOCK_CLUSTER_TLS: 'off' }, 'control').clusterTls).toBe(false)
    expect(loadClusterConfig({ ...base, ...ca, SANDOCK_CLUSTER_TLS: 'off' }, 'node').clusterTls).toBe(false)
    const shared = { SANDOCK_DATABASE_PASSWORD_FILE: '/run/secrets/db' }
    expect(loadClusterConfig({ ...base, ...shared, SANDOCK_CLUSTER_TLS: 'off' }, 'node').clusterTls).toBe(false)
    const neither = await rejection(() => loadClusterConfig({ ...base, SANDOCK_CLUSTER_TLS: 'off' }, 'node'))
    expect(neither.message).toMatch(/a node needs SANDOCK_CLUSTER_CA_FILE to enroll its own database role/)
  })
})
