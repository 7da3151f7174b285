// `sandock cluster init [--out DIR]`: makes the cluster CA behind mutual TLS between control
// replicas and node agents (control/cluster/cluster-ca.ts), once, on the operator's machine: the
// certificate and the key as two files for `docker secret create`. The key goes to the control
// service only. Existing files are never overwritten (a new CA means re-enrolling every node).
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { createClusterCa } from '../control/cluster/cluster-ca.js'

const USAGE = `Usage: sandock cluster init [--out DIR]

Makes the cluster CA for mutual TLS between control replicas and node agents: writes
DIR/cluster-ca.crt and DIR/cluster-ca.key (mode 0600; default DIR: the current directory),
never overwriting them. Then (docker-stack.yml, docs/cluster.md):
  docker secret create sandock_cluster_ca DIR/cluster-ca.crt       # control and every node
  docker secret create sandock_cluster_ca_key DIR/cluster-ca.key   # control only
and keep cluster-ca.key offline (or delete it): control replicas hold it as a secret.
`

export async function clusterCommand(args: readonly string[]): Promise<number> {
  const [sub, ...rest] = args
  if (sub !== 'init' || rest.includes('--help')) {
    process.stdout.write(USAGE)
    return sub === 'init' || sub === '--help' ? 0 : 2
  }
  let dir = '.'
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--out' && rest[i + 1]) dir = rest[++i]!
    else {
      process.stderr.write(`sandock cluster init: unknown argument "${rest[i]}"\n\n${USAGE}`)
      return 2
    }
  }
  const certPath = resolve(join(dir, 'cluster-ca.crt'))
  const keyPath = resolve(join(dir, 'cluster-ca.key'))
  const existing = [certPath, keyPath].find((p) => existsSync(p))
  if (existing) {
    process.stderr.write(
      `sandock cluster init: ${existing} exists; a cluster has one CA (move it away to make a new one)\n`,
    )
    return 1
  }
  const { certPem, keyPem } = await createClusterCa()
  await mkdir(dir, { recursive: true })
  await writeFile(keyPath, keyPem, { mode: 0o600, flag: 'wx' })
  await writeFile(certPath, certPem, { mode: 0o644, flag: 'wx' })
  process.stdout.write(
    `Cluster CA written:\n  ${certPath}\n  ${keyPath} (secret: control only)\n` +
      `docker secret create sandock_cluster_ca ${certPath}\ndocker secret create sandock_cluster_ca_key ${keyPath}\n`,
  )
  return 0
}
